import { lazy, Suspense } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { auditLogRoutes } from '../features/audit-log/routes';
import { authRoutes } from '../features/auth/routes';
import { fundingRoutes } from '../features/funding/routes';
import { invitationsRoutes } from '../features/invitations/routes';
import { noticesRoutes } from '../features/notices/routes';
import { kycRoutes } from '../features/kyc/routes';
import { ledgerRoutes } from '../features/ledger/routes';
import { smsOutboxRoutes } from '../features/sms-outbox/routes';
import { staffMembersRoutes } from '../features/staff-members/routes';
import { tradingRoutes } from '../features/trading/routes';
import { usersRoutes } from '../features/users/routes';
import type { FeatureRoute } from '../lib/feature-route';
import { PageLoading } from './PageLoading';
import { RequirePermission } from './RequirePermission';
import { RequireStaff } from './RequireStaff';

// The console's frame (menu, header) is not needed on the login page: it loads once a staff member is signed in.
const Shell = lazy(() => import('./Shell').then((m) => ({ default: m.Shell })));

const FEATURE_ROUTES: FeatureRoute[] = [
  ...authRoutes,
  ...usersRoutes,
  ...kycRoutes,
  ...invitationsRoutes,
  ...noticesRoutes,
  ...fundingRoutes,
  ...ledgerRoutes,
  ...tradingRoutes,
  ...auditLogRoutes,
  ...smsOutboxRoutes,
  ...staffMembersRoutes,
  ...accountRoutes,
];

/**
 * A feature's route, its screen loaded on first visit (react-router waits for it before leaving the current
 * page); one that needs a permission shows roles without it why they cannot see it.
 */
function toRoute({ path, load, access }: FeatureRoute): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen = await load();
      if (access === 'public' || access === 'staff') return { Component: Screen };
      return {
        element: (
          <RequirePermission permission={access}>
            <Screen />
          </RequirePermission>
        ),
      };
    },
  };
}

const isPublic = (route: FeatureRoute) => route.access === 'public';

const routes: RouteObject[] = [
  ...FEATURE_ROUTES.filter(isPublic).map((route) => ({ ...toRoute(route), HydrateFallback: PageLoading })),
  {
    path: '/',
    HydrateFallback: PageLoading,
    element: (
      <RequireStaff>
        <Suspense fallback={<PageLoading />}>
          <Shell />
        </Suspense>
      </RequireStaff>
    ),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./HomePage')).HomePage }) },
      ...FEATURE_ROUTES.filter((route) => !isPublic(route)).map(toRoute),
      { path: '*', lazy: async () => ({ Component: (await import('./NotFoundPage')).NotFoundPage }) },
    ],
  },
];

export const router = createHashRouter(routes);
