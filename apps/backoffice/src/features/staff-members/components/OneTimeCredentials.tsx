import { Alert, Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffCredentials } from '@kabuto/contract';

function Secret({ value, testId }: { value: string; testId: string }) {
  return (
    <Typography.Text code copyable data-testid={testId} style={{ wordBreak: 'break-all' }}>
      {value}
    </Typography.Text>
  );
}

/**
 * A member's new sign-in details. The server keeps only hashes and never shows them again, so they are
 * displayed this once, with copy buttons, to be handed over securely.
 */
export function OneTimeCredentials({ credentials }: { credentials: StaffCredentials }) {
  const { t } = useTranslation();
  const { member, temporaryPassword, totpSecret, otpauthUri } = credentials;
  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('staffMembers.credentials.username'), children: member.username },
  ];
  if (temporaryPassword)
    items.push({
      key: 'password',
      label: t('staffMembers.credentials.temporaryPassword'),
      children: <Secret value={temporaryPassword} testId="credential-password" />,
    });
  if (totpSecret)
    items.push({
      key: 'secret',
      label: t('staffMembers.credentials.totpSecret'),
      children: <Secret value={totpSecret} testId="credential-totp-secret" />,
    });
  if (otpauthUri)
    items.push({
      key: 'uri',
      label: t('staffMembers.credentials.otpauthUri'),
      children: <Secret value={otpauthUri} testId="credential-otpauth-uri" />,
    });
  return (
    <div data-testid="one-time-credentials">
      <Alert
        type="warning"
        showIcon
        title={t('staffMembers.credentials.onceTitle')}
        description={t('staffMembers.credentials.onceText')}
        style={{ marginBottom: 16 }}
      />
      <Descriptions
        bordered
        column={1}
        size="small"
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={items}
      />
    </div>
  );
}
