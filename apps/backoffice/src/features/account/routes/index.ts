import type { FeatureRoute } from '../../../lib/feature-route';
import { ChangePasswordRoute } from './ChangePasswordRoute';

export const accountRoutes: FeatureRoute[] = [
  { path: 'account/password', Component: ChangePasswordRoute, access: 'staff' },
];
