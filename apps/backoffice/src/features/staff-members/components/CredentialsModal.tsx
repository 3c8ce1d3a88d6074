import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffCredentials } from '@kabuto/contract';
import { OneTimeCredentials } from './OneTimeCredentials';

/** Shows new credentials until the administrator confirms they have them; a stray click does not close it. */
export function CredentialsModal({
  credentials,
  onClose,
}: {
  credentials: StaffCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={640}
      title={t('staffMembers.credentials.title', { name: credentials.member.displayName })}
      maskClosable={false}
      keyboard={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="credentials-done">
          {t('staffMembers.credentials.done')}
        </Button>
      }
    >
      <OneTimeCredentials credentials={credentials} />
    </Modal>
  );
}
