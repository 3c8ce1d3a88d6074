import type { FeatureRoute } from '../../../lib/feature-route';

export const accountRoutes: FeatureRoute[] = [
  {
    path: 'account/password',
    load: () => import('./ChangePasswordRoute').then((m) => m.ChangePasswordRoute),
    access: 'staff',
  },
];
