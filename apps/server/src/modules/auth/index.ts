export { authRoutes } from './auth.routes';
export { authenticateInvestor } from './investor-session';
