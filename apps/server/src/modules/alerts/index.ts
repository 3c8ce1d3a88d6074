export type { AlertsTables } from './alerts.table';
export { alertRoutes } from './alerts.routes';
