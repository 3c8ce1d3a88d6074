export type { InvitationsTables } from './invitations.table';
export {
  findUsableInvitation,
  consumeInvitation,
  createReferralInvitation,
  newUniqueCode,
  insertStaffInvitation,
} from './invitations.repository';
export { invitationStaffRoutes } from './invitations.staff-routes';
