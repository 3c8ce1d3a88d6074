import type { Logger } from 'pino';
import type { Bus } from './bus';
import type { DatabaseKind } from './db';
import type { Executor } from '../database';
import type { Clock } from './clock';
import type { Config } from './config';
import type { SmsSender } from './sms';
import type { Transact } from './unit-of-work';

/** What every module is built with. */
export interface AppContext {
  /** For reads outside a transaction; writes go through `transact`. */
  db: Executor;
  dbKind: DatabaseKind;
  config: Config;
  clock: Clock;
  sms: SmsSender;
  log: Logger;
  transact: Transact;
  /** Messages between nodes (cache invalidation now; push events later). */
  bus: Bus;
}

/** Request metadata recorded with sessions and audit entries. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  deviceId?: string | null | undefined;
}
