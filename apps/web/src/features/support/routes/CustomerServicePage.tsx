import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { useCustomerService } from '../api/customer-service';

export default function CustomerServicePage() {
  const { t } = useTranslation();
  const openCustomerService = useCustomerService();
  return (
    <SubPage title={t('titles.customerService')} testId="customer-service-page">
      <section className="kb-section">
        <h2>{t('customerService.heading')}</h2>
        <p>{t('customerService.intro')}</p>
        <p>{t('customerService.hours')}</p>
        <p className="kb-muted">{t('customerService.note')}</p>
      </section>
      <div className="kb-actions">
        <Button
          color="primary"
          size="large"
          block
          onClick={() => void openCustomerService()}
          data-testid="customer-service-open"
        >
          {t('customerService.open')}
        </Button>
      </div>
    </SubPage>
  );
}
