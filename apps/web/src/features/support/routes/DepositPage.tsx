import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CUSTOMER_SERVICE_PATH } from '../../../lib/paths';
import { SubPage } from '../../../components/ui/SubPage';

const STEPS = [1, 2, 3, 4] as const;

/** Deposits are arranged through customer service (docs/user-guide.md); this page explains how. */
export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SubPage title={t('titles.deposit')} testId="deposit-page">
      <section className="kb-section">
        <h2>{t('deposit.heading')}</h2>
        <p>{t('deposit.intro')}</p>
        <ol style={{ paddingLeft: 20, margin: '8px 0', lineHeight: 1.7, fontSize: 14 }}>
          {STEPS.map((n) => (
            <li key={n}>{t(`deposit.steps.${n}`)}</li>
          ))}
        </ol>
        <p className="kb-muted">{t('deposit.note')}</p>
      </section>
      <div className="kb-actions">
        <Button
          color="primary"
          size="large"
          block
          onClick={() => navigate(CUSTOMER_SERVICE_PATH)}
          data-testid="deposit-contact"
        >
          {t('deposit.contact')}
        </Button>
      </div>
    </SubPage>
  );
}
