import { useState } from 'react';
import { App, Button } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useFreezeUser } from '../api/use-freeze-user';
import type { StaffUserSummary } from '../api/use-users';

const TEXTS = {
  freeze: {
    button: 'userDetail.freeze.button',
    title: 'userDetail.freeze.title',
    description: 'userDetail.freeze.description',
    confirm: 'userDetail.freeze.confirm',
    done: 'userDetail.freeze.done',
  },
  unfreeze: {
    button: 'userDetail.unfreeze.button',
    title: 'userDetail.unfreeze.title',
    description: 'userDetail.unfreeze.description',
    confirm: 'userDetail.unfreeze.confirm',
    done: 'userDetail.unfreeze.done',
  },
} as const;

/** Freeze or unfreeze button for the account's current status, with its reason-and-confirm modal. */
export function FreezeControl({ user }: { user: StaffUserSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const freezing = user.status !== 'frozen';
  const action = freezing ? 'freeze' : 'unfreeze';
  const freeze = useFreezeUser(user.userId, action);
  const text = TEXTS[action];

  return (
    <>
      <Button
        danger={freezing}
        type={freezing ? 'primary' : 'default'}
        icon={freezing ? <LockOutlined /> : <UnlockOutlined />}
        onClick={() => setOpen(true)}
        data-testid={freezing ? 'freeze-user' : 'unfreeze-user'}
      >
        {t(text.button)}
      </Button>
      {open && (
        <ReasonActionModal
          danger={freezing}
          title={t(text.title)}
          description={t(text.description)}
          confirmQuestion={t(text.confirm, { mobile: user.mobile })}
          okText={t(text.button)}
          action={freeze}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void message.success(t(text.done));
          }}
        />
      )}
    </>
  );
}
