import { useState } from 'react';
import { Button } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@kabuto/contract';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useStaffMembers, type MemberAction } from '../api/use-staff-members';
import { CreateMemberModal } from '../components/CreateMemberModal';
import { MemberActionModal } from '../components/MemberActionModal';
import { useMemberColumns } from '../components/use-member-columns';

export function StaffMembersRoute() {
  const { t } = useTranslation();
  const list = useListParams();
  const members = useStaffMembers({ page: list.page, pageSize: list.pageSize });
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ member: StaffMember; action: MemberAction } | null>(null);
  const columns = useMemberColumns((member, action) => setActing({ member, action }));

  return (
    <ListPage
      title={t('nav.staffMembers')}
      actions={
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setCreating(true)}
          data-testid="create-member"
        >
          {t('staffMembers.create.button')}
        </Button>
      }
      list={list}
      query={members}
      testId="members-table"
      rowKey="id"
      columns={columns}
      rowClassName={(member) => (member.disabled ? 'row-disabled' : '')}
    >
      {creating && <CreateMemberModal onClose={() => setCreating(false)} />}
      {acting && <MemberActionModal {...acting} onClose={() => setActing(null)} />}
    </ListPage>
  );
}
