export { authRoutes } from './auth.routes';
export { authenticateInvestor, investorSessionEndReason, investorSessionLive } from './investor-session';
