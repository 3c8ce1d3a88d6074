export type { KycTables } from './kyc.table';
export {
  insertPassedVerification,
  isVerifiedHolder,
  requireKycPassed,
  type KycDecision,
} from './kyc.service';
export { kycRoutes } from './kyc.routes';
export { kycStaffRoutes } from './kyc.staff-routes';
