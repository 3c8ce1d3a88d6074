import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/paths';
import { SubPage } from '../components/ui/SubPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SubPage title={t('notFound.title')} testId="not-found-page">
      <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.description')} />
      <div className="kb-actions">
        <Button
          color="primary"
          block
          onClick={() => navigate(HOME_PATH, { replace: true })}
          data-testid="not-found-home"
        >
          {t('notFound.home')}
        </Button>
      </div>
    </SubPage>
  );
}
