import type { FeatureRoute } from '../../../lib/feature-route';
import { StaffMembersRoute } from './StaffMembersRoute';

export const staffMembersRoutes: FeatureRoute[] = [
  { path: 'staff-members', Component: StaffMembersRoute, access: 'staff.manage' },
];
