import type { FeatureRoute } from '../../../lib/feature-route';

export const auditLogRoutes: FeatureRoute[] = [
  {
    path: 'audit-log',
    load: () => import('./AuditLogRoute').then((m) => m.AuditLogRoute),
    access: 'audit.read',
  },
];
