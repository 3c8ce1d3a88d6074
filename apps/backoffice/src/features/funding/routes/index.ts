import type { FeatureRoute } from '../../../lib/feature-route';

export const fundingRoutes: FeatureRoute[] = [
  {
    path: 'deposits',
    load: () => import('./DepositsRoute').then((m) => m.DepositsRoute),
    access: 'deposits.credit',
  },
  {
    path: 'withdrawals',
    load: () => import('./WithdrawalsRoute').then((m) => m.WithdrawalsRoute),
    access: 'withdrawals.approve',
  },
];
