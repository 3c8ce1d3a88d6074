import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('NOT_FOUND', { ns: 'errors' });
  useDocumentTitle(title);
  return (
    <Result
      status="404"
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
      }
      extra={
        <Link to="/">
          <Button type="primary">{t('nav.home')}</Button>
        </Link>
      }
    />
  );
}
