import type { FeatureRoute } from '../../../lib/feature-route';
import { InvitationCodesRoute } from './InvitationCodesRoute';

export const invitationsRoutes: FeatureRoute[] = [
  { path: 'invitation-codes', Component: InvitationCodesRoute, access: 'invites.read' },
];
