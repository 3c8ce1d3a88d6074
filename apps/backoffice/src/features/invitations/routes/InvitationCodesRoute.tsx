import { useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INVITATION_KINDS, type InvitationCode } from '@kabuto/contract';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { useCan } from '../../../lib/staff-profile';
import { useInvitationCodes } from '../api/use-invitations';
import { CreateInvitationModal } from '../components/CreateInvitationModal';
import { DisableInvitationModal } from '../components/DisableInvitationModal';
import { useInvitationColumns } from '../components/use-invitation-columns';

export function InvitationCodesRoute() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('invites.write');
  const list = useListParams(['kind', 'q']);
  const invitations = useInvitationCodes({
    kind: oneOf(INVITATION_KINDS, list.filters.kind),
    q: list.filters.q || undefined,
    page: list.page,
    pageSize: list.pageSize,
  });
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<InvitationCode | null>(null);
  const columns = useInvitationColumns(canWrite ? setDisabling : null);

  return (
    <ListPage
      title={t('nav.invitationCodes')}
      actions={
        canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="create-invitation"
          >
            {t('invitations.create.button')}
          </Button>
        )
      }
      list={list}
      filters={[
        {
          kind: 'select',
          name: 'kind',
          label: t('invitations.filters.kind'),
          placeholder: t('invitations.filters.allKinds'),
          options: INVITATION_KINDS.map((kind) => ({ value: kind, label: t(`invitations.kinds.${kind}`) })),
          testId: 'invitation-kind-filter',
          width: 200,
        },
        { kind: 'search', name: 'q', label: t('invitations.filters.q'), testId: 'invitation-search' },
      ]}
      query={invitations}
      testId="invitations-table"
      rowKey="id"
      columns={columns}
      rowClassName={(invitation) => (invitation.disabled ? 'row-disabled' : '')}
    >
      {creating && (
        <CreateInvitationModal
          onClose={() => setCreating(false)}
          onCreated={(invitation) => {
            setCreating(false);
            void message.success(t('invitations.create.done', { code: invitation.code }));
          }}
        />
      )}
      {disabling && (
        <DisableInvitationModal
          invitation={disabling}
          onClose={() => setDisabling(null)}
          onDisabled={() => {
            setDisabling(null);
            void message.success(t('invitations.disable.done', { code: disabling.code }));
          }}
        />
      )}
    </ListPage>
  );
}
