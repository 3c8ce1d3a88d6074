import { useTranslation } from 'react-i18next';
import type { InvitationCode } from '@kabuto/contract';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useDisableInvitation } from '../api/use-invitations';

interface DisableInvitationModalProps {
  invitation: InvitationCode;
  onClose: () => void;
  onDisabled: () => void;
}

export function DisableInvitationModal({ invitation, onClose, onDisabled }: DisableInvitationModalProps) {
  const { t } = useTranslation();
  const disable = useDisableInvitation(invitation.id);
  return (
    <ReasonActionModal
      danger
      title={t('invitations.disable.title', { code: invitation.code })}
      description={t('invitations.disable.description')}
      confirmQuestion={t('invitations.disable.confirm', { code: invitation.code })}
      okText={t('invitations.disable.button')}
      action={disable}
      onCancel={onClose}
      onDone={onDisabled}
    />
  );
}
