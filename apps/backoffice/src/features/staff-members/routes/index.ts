import type { FeatureRoute } from '../../../lib/feature-route';

export const staffMembersRoutes: FeatureRoute[] = [
  {
    path: 'staff-members',
    load: () => import('./StaffMembersRoute').then((m) => m.StaffMembersRoute),
    access: 'staff.manage',
  },
];
