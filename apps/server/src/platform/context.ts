import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DB, DatabaseKind } from './db';
import type { SmsSender } from './sms';

/** What every module is built with. */
export interface AppContext {
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  config: Config;
  clock: Clock;
  sms: SmsSender;
}

/** Request metadata recorded with sessions and audit entries. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  deviceId?: string | null | undefined;
}
