export type { KycTables } from './kyc.table';
export {
  insertPassedVerification,
  isVerifiedHolder,
  mayBeVerifiedHolder,
  requireKycPassed,
  requireKycPassedFor,
  type KycDecision,
} from './kyc.service';
export { kycRoutes } from './kyc.routes';
export { kycStaffRoutes } from './kyc.staff-routes';
