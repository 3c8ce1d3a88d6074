export { authRoutes } from './auth.routes';
export { authenticateInvestor, investorSessionEndReason } from './investor-session';
