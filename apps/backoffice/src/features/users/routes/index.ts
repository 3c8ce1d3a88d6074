import type { FeatureRoute } from '../../../lib/feature-route';

export const usersRoutes: FeatureRoute[] = [
  { path: 'users', load: () => import('./UsersRoute').then((m) => m.UsersRoute), access: 'users.read' },
  {
    path: 'users/:userId',
    load: () => import('./UserDetailRoute').then((m) => m.UserDetailRoute),
    access: 'users.read',
  },
];
