import type { FeatureRoute } from '../../../lib/feature-route';

export const smsOutboxRoutes: FeatureRoute[] = [
  {
    path: 'sms-outbox',
    load: () => import('./SmsOutboxRoute').then((m) => m.SmsOutboxRoute),
    access: 'sms.read',
  },
];
