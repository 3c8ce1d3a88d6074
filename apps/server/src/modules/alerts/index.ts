export type { AlertsTables } from './alerts.table';
export { alertRoutes } from './alerts.routes';
export { startAlerts } from './alerts.service';
export { checkAlerts } from './alerts.service';
