import { useState } from 'react';
import { App, Button } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReasonActionModal } from '../../components/ReasonActionModal';
import type { StaffUserSummary } from '../users/users-api';
import { useUserAction, type UserAction } from './user-actions-api';

/** Freeze or unfreeze button for the account's current status, with its reason-and-confirm modal. */
export function FreezeControl({ user }: { user: StaffUserSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const userAction = useUserAction(user.userId);
  const action: UserAction = user.status === 'frozen' ? 'unfreeze' : 'freeze';
  const freezing = action === 'freeze';

  async function submit(reason: string) {
    await userAction.mutateAsync({ action, reason });
    setOpen(false);
    void message.success(freezing ? t('userDetail.freeze.done') : t('userDetail.unfreeze.done'));
  }

  return (
    <>
      <Button
        danger={freezing}
        type={freezing ? 'primary' : 'default'}
        icon={freezing ? <LockOutlined /> : <UnlockOutlined />}
        onClick={() => setOpen(true)}
        data-testid={freezing ? 'freeze-user' : 'unfreeze-user'}
      >
        {freezing ? t('userDetail.freeze.button') : t('userDetail.unfreeze.button')}
      </Button>
      <ReasonActionModal
        open={open}
        danger={freezing}
        title={freezing ? t('userDetail.freeze.title') : t('userDetail.unfreeze.title')}
        description={freezing ? t('userDetail.freeze.description') : t('userDetail.unfreeze.description')}
        confirmQuestion={
          freezing
            ? t('userDetail.freeze.confirm', { mobile: user.mobile })
            : t('userDetail.unfreeze.confirm', { mobile: user.mobile })
        }
        okText={freezing ? t('userDetail.freeze.button') : t('userDetail.unfreeze.button')}
        pending={userAction.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={submit}
      />
    </>
  );
}
