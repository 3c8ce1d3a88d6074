import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubPage } from '../../../components/ui/SubPage';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { useUserInfo } from '../../../lib/current-user';
import { CUSTOMER_SERVICE_PATH } from '../../../lib/paths';
import { useDepositAccount } from '../api/deposits';
import { DepositAccountCard } from '../components/DepositAccountCard';
import { DepositHistory } from '../components/DepositHistory';
import { DepositNoticeForm } from '../components/DepositNoticeForm';
import { VerifyBeforeDeposit } from '../components/VerifyBeforeDeposit';
import '../components/funding.css';

const STEPS = [1, 2, 3] as const;

/** The firm's account, how to pay into it, and the notice to send afterwards: for a verified customer. */
function TransferInstructions() {
  const { t } = useTranslation();
  const account = useDepositAccount();
  return (
    <>
      {account.data ? <DepositAccountCard account={account.data} /> : account.isPending && <DelayedLoading />}
      <section className="kb-section">
        <h2>{t('funding.steps.heading')}</h2>
        <ol style={{ paddingLeft: 20, margin: '0 0 8px', lineHeight: 1.7, fontSize: 14 }}>
          {STEPS.map((n) => (
            <li key={n}>{t(`funding.steps.${n}`)}</li>
          ))}
        </ol>
        <p className="kb-muted">{t('funding.steps.note')}</p>
      </section>
      <DepositNoticeForm />
    </>
  );
}

/** Bank transfer to the firm's own account, shown by the app itself, then a notice and its history. */
export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: userInfo } = useUserInfo();
  const verification = userInfo?.real_name_status;
  return (
    <SubPage title={t('titles.deposit')} testId="deposit-page">
      <div className="kb-warning" role="note" data-testid="deposit-warning">
        <strong>{t('funding.warning.heading')}</strong>
        {t('funding.warning.text')}
      </div>
      {verification === undefined ? (
        <DelayedLoading />
      ) : verification === 'passed' ? (
        <TransferInstructions />
      ) : (
        <VerifyBeforeDeposit status={verification} />
      )}
      <DepositHistory />
      <div className="kb-actions">
        <Button
          block
          fill="outline"
          onClick={() => navigate(CUSTOMER_SERVICE_PATH)}
          data-testid="deposit-help"
        >
          {t('funding.help')}
        </Button>
      </div>
    </SubPage>
  );
}
