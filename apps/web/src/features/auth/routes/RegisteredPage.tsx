import { Button, List, Result } from 'antd-mobile';
import { KeyOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubPage } from '../../../components/ui/SubPage';
import { HOME_PATH, REAL_NAME_PATH, TRANSACTION_PASSWORD_PATH } from '../../../lib/paths';

/** Right after registering: the account exists, and what to do before the first trade. */
export default function RegisteredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SubPage title={t('titles.registered')} testId="registered-page">
      <Result
        status="success"
        title={t('registered.title')}
        description={t('registered.description')}
        data-testid="registered-result"
      />
      <List header={t('registered.nextSteps')}>
        <List.Item
          prefix={<UserContactOutline />}
          description={t('registered.identityHint')}
          arrow
          onClick={() => navigate(REAL_NAME_PATH)}
          data-testid="registered-identity"
        >
          {t('registered.identity')}
        </List.Item>
        <List.Item
          prefix={<KeyOutline />}
          description={t('registered.transactionPasswordHint')}
          arrow
          onClick={() => navigate(TRANSACTION_PASSWORD_PATH)}
          data-testid="registered-transaction-password"
        >
          {t('registered.transactionPassword')}
        </List.Item>
      </List>
      <div className="kb-actions">
        <Button
          color="primary"
          size="large"
          block
          onClick={() => navigate(HOME_PATH, { replace: true })}
          data-testid="registered-home"
        >
          {t('registered.home')}
        </Button>
      </div>
    </SubPage>
  );
}
