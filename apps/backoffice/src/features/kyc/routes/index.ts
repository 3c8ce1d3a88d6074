import type { FeatureRoute } from '../../../lib/feature-route';

export const kycRoutes: FeatureRoute[] = [
  { path: 'kyc', load: () => import('./KycQueueRoute').then((m) => m.KycQueueRoute), access: 'kyc.review' },
  {
    path: 'kyc/:id',
    load: () => import('./KycDetailRoute').then((m) => m.KycDetailRoute),
    access: 'kyc.review',
  },
];
