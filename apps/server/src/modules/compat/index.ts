export { compatRoutes } from './compat.routes';
