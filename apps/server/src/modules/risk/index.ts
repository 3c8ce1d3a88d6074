export { riskStaffRoutes } from './risk.staff-routes';
