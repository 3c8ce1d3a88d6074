import { useEffect, type ComponentType } from 'react';
import { Button, List, Popup } from 'antd-mobile';
import {
  BankcardOutline,
  BellOutline,
  BillOutline,
  CollectMoneyOutline,
  ContentOutline,
  FileOutline,
  GlobalOutline,
  InformationCircleOutline,
  KeyOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  ReceivePaymentOutline,
  SendOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { maskMobile } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BalanceGrid } from '../features/account/components/BalanceGrid';
import { useUnreadCount } from '../features/messages/api/messages';
import { UnreadDot } from '../features/messages/components/UnreadDot';
import { useCustomerService } from '../features/support/api/customer-service';
import { useUserInfo } from '../lib/current-user';
import { releaseTopLayer, useLayer } from '../lib/layers';
import * as paths from '../lib/paths';
import { useIsLoggedIn } from '../lib/session-store';
import { findRoute } from './routes';

interface MenuItem {
  id: string;
  label: string;
  icon: ComponentType;
  /** A route, or an action for the customer-service link. */
  to?: string;
  action?: () => void;
  /** Shown to guests too; every other item needs an account. */
  forGuests?: boolean;
}

export function SideMenu({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useLayer(visible, onClose);
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const { data: userInfo, refetch } = useUserInfo();
  const { refetch: refetchUnread } = useUnreadCount();
  const openCustomerService = useCustomerService({ prefetch: visible });

  useEffect(() => {
    if (visible && loggedIn) {
      void refetch();
      void refetchUnread();
    }
  }, [visible, loggedIn, refetch, refetchUnread]);

  const go = (to: string) => {
    // The menu's history entry goes first, so the next screen replaces (or follows) the screen's own entry.
    void releaseTopLayer().then(() => navigate(to, { replace: findRoute(to)?.tab !== undefined }));
    onClose();
  };

  const items: MenuItem[] = [
    { id: 'identity', label: t('menu.identity'), icon: UserContactOutline, to: paths.REAL_NAME_PATH },
    { id: 'notifications', label: t('menu.notifications'), icon: MessageOutline, to: paths.MESSAGE_PATH },
    { id: 'priceAlerts', label: t('menu.priceAlerts'), icon: BellOutline, to: paths.PRICE_ALERTS_PATH },
    {
      id: 'customerService',
      label: t('menu.customerService'),
      icon: SendOutline,
      action: () => void openCustomerService(),
      forGuests: true,
    },
    { id: 'deposit', label: t('menu.deposit'), icon: ReceivePaymentOutline, to: paths.DEPOSIT_PATH },
    { id: 'withdrawal', label: t('menu.withdrawal'), icon: CollectMoneyOutline, to: paths.WITHDRAWAL_PATH },
    { id: 'financing', label: t('menu.financing'), icon: PayCircleOutline, to: paths.FINANCING_PATH },
    { id: 'history', label: t('menu.history'), icon: BillOutline, to: paths.TRANSACTION_LOG_PATH },
    { id: 'assets', label: t('menu.assets'), icon: ContentOutline, to: paths.TRADE_PATH },
    { id: 'bankAccount', label: t('menu.bankAccount'), icon: BankcardOutline, to: paths.BANK_ACCOUNT_PATH },
    {
      id: 'changePassword',
      label: t('menu.changePassword'),
      icon: LockOutline,
      to: paths.CHANGE_PASSWORD_PATH,
    },
    {
      id: 'fundPassword',
      label: t('menu.fundPassword'),
      icon: KeyOutline,
      to: paths.TRANSACTION_PASSWORD_PATH,
    },
    {
      id: 'language',
      label: t('menu.language'),
      icon: GlobalOutline,
      to: paths.LANGUAGE_PATH,
      forGuests: true,
    },
    {
      id: 'about',
      label: t('menu.about'),
      icon: InformationCircleOutline,
      to: paths.ABOUT_PATH,
      forGuests: true,
    },
    {
      id: 'agreement',
      label: t('menu.agreement'),
      icon: FileOutline,
      to: paths.AGREEMENT_PATH,
      forGuests: true,
    },
    { id: 'logout', label: t('menu.logout'), icon: UserOutline, to: paths.LOGOUT_PATH },
  ];
  const visibleItems = loggedIn ? items : items.filter((item) => item.forGuests);

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="right"
      bodyClassName="kb-side-menu"
      bodyStyle={{ width: '80%' }}
    >
      <div
        className="kb-side-menu-inner"
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.menu')}
        tabIndex={0}
        data-testid="side-menu"
      >
        <section className="kb-side-menu-header">
          {loggedIn && userInfo ? (
            <>
              <div className="kb-side-menu-phone" data-testid="side-menu-phone">
                {maskMobile(userInfo.mobile)}
              </div>
              <BalanceGrid
                info={userInfo}
                fields={['total', 'money', 'frozen', 'usedAmount', 'floatingPnl']}
              />
            </>
          ) : (
            <div className="kb-side-menu-guest">
              <p>{t('menu.guest')}</p>
              <Button
                color="primary"
                block
                onClick={() => go(paths.LOGIN_PATH)}
                data-testid="side-menu-login"
              >
                {t('menu.login')}
              </Button>
            </div>
          )}
        </section>
        <List className="kb-side-menu-list">
          {visibleItems.map(({ id, label, icon: Icon, to, action }) => (
            <List.Item
              key={id}
              prefix={<Icon />}
              arrow
              onClick={() => (to ? go(to) : action?.())}
              data-testid={`side-menu-${id}`}
            >
              {id === 'notifications' ? <UnreadDot testId="side-menu-unread-dot">{label}</UnreadDot> : label}
            </List.Item>
          ))}
        </List>
      </div>
    </Popup>
  );
}
