export type { FactorsTables } from './factors.table';
export { factorRoutes } from './factors.routes';
export {
  requireStepUp,
  requireStepUpForSecurityChange,
  startLoginChallenge,
  loginChallengeUser,
  answerLoginChallenge,
  markSteppedUp,
  wrongProof,
} from './factors.service';
