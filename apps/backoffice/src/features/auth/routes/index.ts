import type { FeatureRoute } from '../../../lib/feature-route';
import { LoginRoute } from './LoginRoute';

export const authRoutes: FeatureRoute[] = [{ path: 'login', Component: LoginRoute, access: 'public' }];
