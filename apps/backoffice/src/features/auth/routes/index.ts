import type { FeatureRoute } from '../../../lib/feature-route';

export const authRoutes: FeatureRoute[] = [
  { path: 'login', load: () => import('./LoginRoute').then((m) => m.LoginRoute), access: 'public' },
];
