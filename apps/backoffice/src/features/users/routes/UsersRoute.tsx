import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useUserList } from '../api/use-users';
import { useUserColumns } from '../components/use-user-columns';

export function UsersRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(['q']);
  const users = useUserList({ q: list.filters.q || undefined, page: list.page, pageSize: list.pageSize });
  const columns = useUserColumns();
  return (
    <ListPage
      title={t('nav.users')}
      list={list}
      filters={[
        { kind: 'search', name: 'q', label: t('users.filters.q'), testId: 'users-search', width: 420 },
      ]}
      query={users}
      testId="users-table"
      rowKey="userId"
      columns={columns}
      onRow={(user) => ({ onClick: () => navigate(`/users/${user.userId}`), style: { cursor: 'pointer' } })}
    />
  );
}
