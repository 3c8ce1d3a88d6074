export type { FactorsTables } from './factors.table';
export { factorRoutes } from './factors.routes';
export {
  requireStepUp,
  startLoginChallenge,
  loginChallengeUser,
  answerLoginChallenge,
  markSteppedUp,
  wrongProof,
} from './factors.service';
