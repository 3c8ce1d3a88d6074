export type { KycTables } from './kyc.table';
export {
  insertPassedVerification,
  isVerifiedHolder,
  mayBeVerifiedHolder,
  requireKycPassed,
  type KycDecision,
} from './kyc.service';
export { kycRoutes } from './kyc.routes';
export { kycStaffRoutes } from './kyc.staff-routes';
