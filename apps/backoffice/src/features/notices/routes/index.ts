import type { FeatureRoute } from '../../../lib/feature-route';

export const noticesRoutes: FeatureRoute[] = [
  {
    path: 'notices',
    load: () => import('./NoticesRoute').then((m) => m.NoticesRoute),
    access: 'notices.manage',
  },
];
