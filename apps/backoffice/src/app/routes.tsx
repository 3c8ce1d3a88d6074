import { createHashRouter, type RouteObject } from 'react-router';
import { AuditLogPage } from '../pages/audit-log/AuditLogPage';
import { HomePage } from '../pages/home/HomePage';
import { InvitationCodesPage } from '../pages/invitation-codes/InvitationCodesPage';
import { LoginPage } from '../pages/login/LoginPage';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { SmsOutboxPage } from '../pages/sms-outbox/SmsOutboxPage';
import { UserDetailPage } from '../pages/user-detail/UserDetailPage';
import { UsersPage } from '../pages/users/UsersPage';
import { RequirePermission } from './RequirePermission';
import { RequireStaff } from './RequireStaff';
import { Shell } from './Shell';

const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireStaff>
        <Shell />
      </RequireStaff>
    ),
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'users',
        element: (
          <RequirePermission permission="users.read">
            <UsersPage />
          </RequirePermission>
        ),
      },
      {
        path: 'users/:userId',
        element: (
          <RequirePermission permission="users.read">
            <UserDetailPage />
          </RequirePermission>
        ),
      },
      {
        path: 'invitation-codes',
        element: (
          <RequirePermission permission="invites.read">
            <InvitationCodesPage />
          </RequirePermission>
        ),
      },
      {
        path: 'audit-log',
        element: (
          <RequirePermission permission="audit.read">
            <AuditLogPage />
          </RequirePermission>
        ),
      },
      {
        path: 'sms-outbox',
        element: (
          <RequirePermission permission="sms.read">
            <SmsOutboxPage />
          </RequirePermission>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createHashRouter(routes);
