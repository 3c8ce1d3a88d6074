import type { FeatureRoute } from '../../../lib/feature-route';
import { SmsOutboxRoute } from './SmsOutboxRoute';

export const smsOutboxRoutes: FeatureRoute[] = [
  { path: 'sms-outbox', Component: SmsOutboxRoute, access: 'sms.read' },
];
