import { Button, List } from 'antd-mobile';
import { passwordChangeRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import type { PasswordChangeMutation } from '../api/passwords';

interface PasswordChangeFormProps {
  mutation: PasswordChangeMutation;
  oldPasswordLabel: string;
  /** Which password is being set, when it is not the login password. */
  newPasswordLabel?: string;
  confirmPasswordLabel?: string;
  onChanged: () => void;
}

/** Current password, new password and confirmation; login and transaction passwords share the shape. */
export function PasswordChangeForm({
  mutation,
  oldPasswordLabel,
  newPasswordLabel,
  confirmPasswordLabel,
  onChanged,
}: PasswordChangeFormProps) {
  const { t } = useTranslation();
  const form = useForm({ oldPassword: '', newPassword: '', confirmPassword: '' });

  const submit = () => {
    const body = form.parse(passwordChangeRequest);
    if (!body) return;
    form.send(mutation, body, () => {
      form.reset();
      onChanged();
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormAlert alert={form.alert} testId="password" />
      <List className="kb-form">
        <FormField
          {...form.field('oldPassword')}
          label={oldPasswordLabel}
          labelPosition="above"
          placeholder={t('password.oldPlaceholder')}
          type="password"
          testId="password-old"
        />
        <FormField
          {...form.field('newPassword')}
          label={newPasswordLabel ?? t('auth.newPassword')}
          labelPosition="above"
          placeholder={t('auth.newPasswordPlaceholder')}
          type="password"
          autoComplete="new-password"
          testId="password-new"
        />
        <FormField
          {...form.field('confirmPassword')}
          label={confirmPasswordLabel ?? t('password.confirmNew')}
          labelPosition="above"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          type="password"
          autoComplete="new-password"
          testId="password-confirm"
        />
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
          loading={mutation.isPending}
          data-testid="password-submit"
        >
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
