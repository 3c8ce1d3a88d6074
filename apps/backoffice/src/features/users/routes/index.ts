import type { FeatureRoute } from '../../../lib/feature-route';
import { UserDetailRoute } from './UserDetailRoute';
import { UsersRoute } from './UsersRoute';

export const usersRoutes: FeatureRoute[] = [
  { path: 'users', Component: UsersRoute, access: 'users.read' },
  { path: 'users/:userId', Component: UserDetailRoute, access: 'users.read' },
];
