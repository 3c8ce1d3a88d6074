import { createHashRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { auditLogRoutes } from '../features/audit-log/routes';
import { authRoutes } from '../features/auth/routes';
import { invitationsRoutes } from '../features/invitations/routes';
import { smsOutboxRoutes } from '../features/sms-outbox/routes';
import { staffMembersRoutes } from '../features/staff-members/routes';
import { usersRoutes } from '../features/users/routes';
import type { FeatureRoute } from '../lib/feature-route';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { RequirePermission } from './RequirePermission';
import { RequireStaff } from './RequireStaff';
import { Shell } from './Shell';

const FEATURE_ROUTES: FeatureRoute[] = [
  ...authRoutes,
  ...usersRoutes,
  ...invitationsRoutes,
  ...auditLogRoutes,
  ...smsOutboxRoutes,
  ...staffMembersRoutes,
  ...accountRoutes,
];

/** A feature's route; one that needs a permission shows roles without it why they cannot see it. */
function toRoute({ path, Component, access }: FeatureRoute): RouteObject {
  if (access === 'public' || access === 'staff') return { path, Component };
  return {
    path,
    element: (
      <RequirePermission permission={access}>
        <Component />
      </RequirePermission>
    ),
  };
}

const isPublic = (route: FeatureRoute) => route.access === 'public';

const routes: RouteObject[] = [
  ...FEATURE_ROUTES.filter(isPublic).map(toRoute),
  {
    path: '/',
    element: (
      <RequireStaff>
        <Shell />
      </RequireStaff>
    ),
    children: [
      { index: true, Component: HomePage },
      ...FEATURE_ROUTES.filter((route) => !isPublic(route)).map(toRoute),
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const router = createHashRouter(routes);
