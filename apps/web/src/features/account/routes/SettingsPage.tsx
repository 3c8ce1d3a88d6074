import { Button, List } from 'antd-mobile';
import { LANGUAGE_NAMES } from '@kabuto/i18n';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLang } from '../../../lib/i18n';
import * as paths from '../../../lib/paths';
import { SubPage } from '../../../components/ui/SubPage';
import { PriceColourSetting } from '../components/PriceColourSetting';
import { SessionList } from '../components/SessionList';
import { APP_VERSION } from '../../../lib/app-info';

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = [
    { id: 'security', label: t('titles.security'), to: paths.SECURITY_PATH },
    { id: 'changePassword', label: t('titles.changePassword'), to: paths.CHANGE_PASSWORD_PATH },
    {
      id: 'transactionPassword',
      label: t('titles.transactionPassword'),
      to: paths.TRANSACTION_PASSWORD_PATH,
    },
    {
      id: 'language',
      label: t('titles.language'),
      to: paths.LANGUAGE_PATH,
      extra: LANGUAGE_NAMES[currentLang()],
    },
    { id: 'about', label: t('titles.about'), to: paths.ABOUT_PATH },
    { id: 'privacy', label: t('titles.privacy'), to: paths.PRIVACY_PATH },
    { id: 'agreement', label: t('titles.agreement'), to: paths.AGREEMENT_PATH },
    { id: 'customerService', label: t('titles.customerService'), to: paths.CUSTOMER_SERVICE_PATH },
  ];
  return (
    <SubPage title={t('titles.settings')} testId="settings-page">
      <List header={t('settings.account')}>
        {links.map(({ id, label, to, extra }) => (
          <List.Item key={id} arrow extra={extra} onClick={() => navigate(to)} data-testid={`settings-${id}`}>
            {label}
          </List.Item>
        ))}
      </List>
      <PriceColourSetting />
      <SessionList />
      <List>
        <List.Item extra={APP_VERSION} data-testid="settings-version">
          {t('settings.version')}
        </List.Item>
      </List>
      <div className="kb-actions">
        <Button
          block
          color="danger"
          onClick={() => navigate(paths.LOGOUT_PATH)}
          data-testid="settings-logout"
        >
          {t('settings.logout')}
        </Button>
      </div>
    </SubPage>
  );
}
