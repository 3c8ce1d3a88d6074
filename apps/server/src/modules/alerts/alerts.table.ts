import type { Selectable } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

export interface PriceAlertsTable {
  id: Id;
  user_id: bigint;
  code: string;
  direction: 'above' | 'below';
  /** sen */
  price: bigint;
  created_at: Timestamp;
  triggered_at: Timestamp | null;
  /** sen */
  triggered_price: bigint | null;
}
export type PriceAlertRow = Selectable<PriceAlertsTable>;

/** Alerts created per investor and Japan-time day (YYYY-MM-DD), deleted ones included. */
export interface PriceAlertDailyTable {
  user_id: bigint;
  day: string;
  created: number;
}

export interface AlertsTables {
  price_alerts: PriceAlertsTable;
  price_alert_daily: PriceAlertDailyTable;
}
