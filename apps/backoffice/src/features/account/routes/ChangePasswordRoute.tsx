import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

export function ChangePasswordRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.password.title')} />
      <Card style={{ maxWidth: 480 }}>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
