import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSeedText } from '../../../lib/seed-text';
import type { StaffMember } from '@kabuto/contract';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useStaffMemberAction, type MemberAction } from '../api/use-staff-members';
import { CredentialsModal } from './CredentialsModal';
import { MEMBER_ACTION_TEXTS } from './member-action-texts';

interface MemberActionModalProps {
  member: StaffMember;
  action: MemberAction;
  onClose: () => void;
}

/** An audited action on a member: the reason and a confirmation, then, for a reset, the new credential once. */
export function MemberActionModal({ member, action, onClose }: MemberActionModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mutation = useStaffMemberAction(member.id, action);
  const text = MEMBER_ACTION_TEXTS[action];
  const seedText = useSeedText();
  const names = { name: seedText(member.displayName, member.displayNameKey), username: member.username };

  const result = mutation.data;
  if (result && 'temporaryPassword' in result)
    return <CredentialsModal credentials={result} onClose={onClose} />;
  return (
    <ReasonActionModal
      danger={action !== 'enable'}
      title={t(text.title, names)}
      description={t(text.description)}
      confirmQuestion={t(text.confirm, names)}
      okText={t(text.button)}
      action={mutation}
      onCancel={onClose}
      onDone={() => {
        if (text.done === null) return;
        void message.success(t(text.done, names));
        onClose();
      }}
    />
  );
}
