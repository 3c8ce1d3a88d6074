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

export interface AlertsTables {
  price_alerts: PriceAlertsTable;
}
