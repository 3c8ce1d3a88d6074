export {
  findUsableInvitation,
  consumeInvitation,
  createReferralInvitation,
  newUniqueCode,
  createStaffInvitation,
  disableInvitation,
  listInvitations,
} from './invitations.service';
