export {
  lockUsableInvitation,
  consumeInvitation,
  createReferralInvitation,
  newUniqueCode,
  createStaffInvitation,
  disableInvitation,
  listInvitations,
} from './invitations.service';
