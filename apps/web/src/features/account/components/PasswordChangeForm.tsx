import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { passwordChangeRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api-client';
import { validateForm } from '../../../lib/validate-form';
import { PasswordInput } from '../../auth/components/PasswordInput';
import { useApiAction } from '../../../lib/use-api-action';

interface PasswordChangeFormProps {
  endpoint: '/account/password' | '/account/transaction-password';
  oldPasswordLabel: string;
  onChanged: () => void;
}

/** Current password, new password and confirmation; login and transaction passwords share the shape. */
export function PasswordChangeForm({ endpoint, oldPasswordLabel, onChanged }: PasswordChangeFormProps) {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy: submitting, run } = useApiAction();

  const submit = async () => {
    const body = validateForm(passwordChangeRequest, { oldPassword, newPassword, confirmPassword });
    if (!body) return;
    await run(async () => {
      await api.post(endpoint, body);
      setOldPassword('');
      setNewPassword('');
      setConfirmPassword('');
      onChanged();
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <List className="kb-form">
        <List.Item title={oldPasswordLabel}>
          <PasswordInput
            value={oldPassword}
            onChange={setOldPassword}
            placeholder={t('password.oldPlaceholder')}
            testId="password-old"
          />
        </List.Item>
        <List.Item title={t('auth.newPassword')}>
          <PasswordInput
            value={newPassword}
            onChange={setNewPassword}
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            testId="password-new"
          />
        </List.Item>
        <List.Item title={t('password.confirmNew')}>
          <PasswordInput
            value={confirmPassword}
            onChange={setConfirmPassword}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            testId="password-confirm"
          />
        </List.Item>
      </List>
      <p className="kb-muted" style={{ padding: '8px 16px' }}>
        {t('password.rule')}
      </p>
      <div className="kb-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={submitting}
          data-testid="password-submit"
        >
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
