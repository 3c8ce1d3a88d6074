import { Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createStaffMemberRequest, STAFF_ROLES } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useCreateStaffMember } from '../api/use-staff-members';
import { CredentialsModal } from './CredentialsModal';

const INITIAL_VALUES = { username: '', displayName: '' };

/** Create member: the form, then the new member's sign-in details, shown once. */
export function CreateMemberModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateStaffMember();
  const { form, failure, submit, pending } = useContractForm(createStaffMemberRequest, create);
  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

  if (create.data) return <CredentialsModal credentials={create.data} onClose={onClose} />;
  return (
    <Modal
      open
      title={t('staffMembers.create.title')}
      okText={t('staffMembers.create.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: pending }}
      onOk={() => submit(form.getFieldsValue())}
      onCancel={onClose}
    >
      <ContractForm form={form} failure={failure} initialValues={INITIAL_VALUES} testId="create-member-form">
        <FormField
          name="username"
          label={t('staffMembers.fields.username')}
          extra={t('staffMembers.create.usernameHint')}
        >
          <Input maxLength={32} autoComplete="off" data-testid="member-username" />
        </FormField>
        <FormField name="displayName" label={t('staffMembers.fields.displayName')}>
          <Input maxLength={64} autoComplete="off" data-testid="member-display-name" />
        </FormField>
        <FormField name="role" label={t('staffMembers.fields.role')}>
          <Select
            options={roleOptions}
            placeholder={t('staffMembers.create.rolePlaceholder')}
            style={{ width: 240 }}
            data-testid="member-role"
          />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
