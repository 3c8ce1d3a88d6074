import type { FeatureRoute } from '../../../lib/feature-route';
import { AuditLogRoute } from './AuditLogRoute';

export const auditLogRoutes: FeatureRoute[] = [
  { path: 'audit-log', Component: AuditLogRoute, access: 'audit.read' },
];
