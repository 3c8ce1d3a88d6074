import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@kabuto/contract';

function JsonBlock({ value, testId }: { value: unknown; testId: string }) {
  const { t } = useTranslation();
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">{t('audit.noValue')}</Typography.Text>;
  return (
    <pre className="json-block" data-testid={testId}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The recorded state before and after an action, side by side. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} data-testid="audit-change">
      <Col span={12}>
        <Typography.Title level={5}>{t('audit.before')}</Typography.Title>
        <JsonBlock value={entry.before} testId="audit-before" />
      </Col>
      <Col span={12}>
        <Typography.Title level={5}>{t('audit.after')}</Typography.Title>
        <JsonBlock value={entry.after} testId="audit-after" />
      </Col>
    </Row>
  );
}
