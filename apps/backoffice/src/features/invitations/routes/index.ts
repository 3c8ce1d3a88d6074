import type { FeatureRoute } from '../../../lib/feature-route';

export const invitationsRoutes: FeatureRoute[] = [
  {
    path: 'invitation-codes',
    load: () => import('./InvitationCodesRoute').then((m) => m.InvitationCodesRoute),
    access: 'invites.read',
  },
];
