import type { FeatureRoute } from '../../../lib/feature-route';

export const ledgerRoutes: FeatureRoute[] = [
  {
    path: 'adjustments',
    load: () => import('./AdjustmentsRoute').then((m) => m.AdjustmentsRoute),
    access: 'ledger.adjust',
  },
];
