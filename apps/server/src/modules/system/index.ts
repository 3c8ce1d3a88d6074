export { systemRoutes, APP_VERSION } from './system.routes';
export { seedDemoData, DEMO } from './seed';
