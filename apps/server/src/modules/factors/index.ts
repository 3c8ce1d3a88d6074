export type { FactorsTables } from './factors.table';
export { factorRoutes } from './factors.routes';
export {
  factorSetupNeeded,
  requireStepUp,
  requireStepUpForSecurityChange,
  startLoginChallenge,
  loginChallengeUser,
  answerLoginChallenge,
  markSteppedUp,
  wrongProof,
} from './factors.service';
