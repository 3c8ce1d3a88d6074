import { useState } from 'react';
import { App, Button, Card, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InvitationCode } from '@kabuto/contract';
import { useCan } from '../../app/session-store';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { ReasonActionModal } from '../../components/ReasonActionModal';
import { RefreshButton } from '../../components/RefreshButton';
import { useListParams } from '../../lib/use-list-params';
import { useTablePagination } from '../../lib/use-table-pagination';
import { CreateInvitationModal } from './CreateInvitationModal';
import { useDisableInvitation, useInvitationCodes } from './invitation-codes-api';
import { useInvitationColumns } from './invitation-columns';

export function InvitationCodesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('invites.write');
  const { page, pageSize, setPage } = useListParams([]);
  const invitations = useInvitationCodes(page, pageSize);
  const pagination = useTablePagination(page, pageSize, invitations.data?.total, setPage);
  const disable = useDisableInvitation();
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<InvitationCode | null>(null);
  const columns = useInvitationColumns(canWrite ? setDisabling : null);

  async function disableWithReason(reason: string) {
    if (!disabling) return;
    await disable.mutateAsync({ id: disabling.id, reason });
    void message.success(t('invitations.disable.done', { code: disabling.code }));
    setDisabling(null);
  }

  return (
    <>
      <PageHeader
        title={t('nav.invitationCodes')}
        extra={
          <Space>
            <RefreshButton onRefresh={() => void invitations.refetch()} loading={invitations.isFetching} />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setCreating(true)}
                data-testid="create-invitation"
              >
                {t('invitations.create.button')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <QueryError error={invitations.error} onRetry={() => void invitations.refetch()} />
        <Table
          rowKey="id"
          data-testid="invitations-table"
          columns={columns}
          dataSource={invitations.data?.items}
          loading={invitations.isFetching}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          rowClassName={(invitation) => (invitation.disabled ? 'row-disabled' : '')}
        />
      </Card>
      <CreateInvitationModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(invitation) =>
          void message.success(t('invitations.create.done', { code: invitation.code }))
        }
      />
      <ReasonActionModal
        open={disabling !== null}
        danger
        title={t('invitations.disable.title', { code: disabling?.code ?? '' })}
        description={t('invitations.disable.description')}
        confirmQuestion={t('invitations.disable.confirm', { code: disabling?.code ?? '' })}
        okText={t('invitations.disable.button')}
        pending={disable.isPending}
        onCancel={() => setDisabling(null)}
        onSubmit={disableWithReason}
      />
    </>
  );
}
