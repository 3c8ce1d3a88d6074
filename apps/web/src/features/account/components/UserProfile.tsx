import { useState, type ComponentType } from 'react';
import { List, PullToRefresh, Tag } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  CollectMoneyOutline,
  InformationCircleOutline,
  ReceivePaymentOutline,
  SetOutline,
  UserCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { maskMobile, type UserInfo } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as paths from '../../../lib/paths';
import { BalanceGrid } from './BalanceGrid';

const KYC_TAG_COLOR: Record<UserInfo['real_name_status'], string> = {
  none: 'default',
  pending: 'warning',
  passed: 'success',
  rejected: 'danger',
};

/** The signed-in investor's phone, verification, credit score, balances and shortcuts; pull to refresh. */
export function UserProfile({ info, onRefresh }: { info: UserInfo; onRefresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [creditExplained, setCreditExplained] = useState(false);

  const links: { id: string; label: string; icon: ComponentType; to: string }[] = [
    { id: 'deposit', label: t('user.links.deposit'), icon: ReceivePaymentOutline, to: paths.DEPOSIT_PATH },
    {
      id: 'withdrawal',
      label: t('user.links.withdrawal'),
      icon: CollectMoneyOutline,
      to: paths.WITHDRAWAL_PATH,
    },
    { id: 'records', label: t('user.links.records'), icon: BillOutline, to: paths.TRANSACTION_LOG_PATH },
    {
      id: 'bankAccount',
      label: t('user.links.bankAccount'),
      icon: BankcardOutline,
      to: paths.BANK_ACCOUNT_PATH,
    },
    { id: 'identity', label: t('user.links.identity'), icon: UserContactOutline, to: paths.REAL_NAME_PATH },
    { id: 'settings', label: t('user.links.settings'), icon: SetOutline, to: paths.SETTINGS_PATH },
  ];

  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('pullToRefresh.pulling')}
      canReleaseText={t('pullToRefresh.release')}
      refreshingText={t('pullToRefresh.refreshing')}
      completeText={t('pullToRefresh.complete')}
    >
      <div data-testid="user-page">
        <section className="kb-profile">
          <UserCircleOutline className="kb-profile-avatar" />
          <div className="kb-profile-main">
            <div className="kb-profile-phone" data-testid="user-phone">
              {maskMobile(info.mobile)}
            </div>
            <div className="kb-profile-meta">
              <span data-testid="user-id">{t('user.userId', { id: info.user_id })}</span>
              <Tag color={KYC_TAG_COLOR[info.real_name_status]} data-testid="user-kyc">
                {t(`kyc.${info.real_name_status}`)}
              </Tag>
            </div>
          </div>
          {/* A figure no other screen explains: tapping it says what it is and what it allows. */}
          <button
            type="button"
            className="kb-credit"
            aria-expanded={creditExplained}
            aria-controls="user-credit-note"
            onClick={() => setCreditExplained((shown) => !shown)}
            data-testid="user-credit"
          >
            <strong>{info.credit_score}</strong>
            <span className="kb-muted">
              {t('user.creditScore')} <InformationCircleOutline aria-hidden />
            </span>
          </button>
        </section>
        <p
          id="user-credit-note"
          className="kb-credit-note"
          hidden={!creditExplained}
          data-testid="user-credit-note"
        >
          {t('user.creditScoreNote')}
        </p>
        <div className="kb-balance-card">
          <BalanceGrid
            info={info}
            fields={['total', 'money', 'frozen', 'floatingPnl', 'usedAmount', 'custody']}
          />
        </div>
        <nav className="kb-quick-links">
          {links.map(({ id, label, icon: Icon, to }) => (
            <button
              key={id}
              type="button"
              className="kb-tile"
              onClick={() => navigate(to)}
              data-testid={`user-link-${id}`}
            >
              <Icon />
              <span>{label}</span>
            </button>
          ))}
        </nav>
        <List header={t('user.more')}>
          <List.Item onClick={() => navigate(paths.CUSTOMER_SERVICE_PATH)} arrow>
            {t('user.links.customerService')}
          </List.Item>
          <List.Item onClick={() => navigate(paths.ABOUT_PATH)} arrow>
            {t('user.links.about')}
          </List.Item>
        </List>
      </div>
    </PullToRefresh>
  );
}
