import type { FeatureRoute } from '../../../lib/feature-route';

export const tradingRoutes: FeatureRoute[] = [
  {
    path: 'trading',
    load: () => import('./InstrumentsRoute').then((m) => m.InstrumentsRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/instruments',
    load: () => import('./InstrumentsRoute').then((m) => m.InstrumentsRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/positions',
    load: () => import('./PositionsRoute').then((m) => m.PositionsRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/orders',
    load: () => import('./OrdersRoute').then((m) => m.OrdersRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/exposure',
    load: () => import('./ExposureRoute').then((m) => m.ExposureRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/forced-closes',
    load: () => import('./ForcedClosesRoute').then((m) => m.ForcedClosesRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/margin-calls',
    load: () => import('./MarginCallsRoute').then((m) => m.MarginCallsRoute),
    access: 'trading.read',
  },
  {
    path: 'trading/config',
    load: () => import('./TradingConfigRoute').then((m) => m.TradingConfigRoute),
    access: 'trading.read',
  },
];
