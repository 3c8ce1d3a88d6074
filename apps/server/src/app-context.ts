import type { Logger } from 'pino';
import { memoryBus, redisBus, type Bus } from './platform/bus';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { AppContext } from './platform/context';
import type { Database } from './platform/db';
import { createTransact } from './platform/unit-of-work';
import { devOutboxSender } from './modules/sms';

/**
 * Everything a module is built with, for the server, the tests and the benchmarks alike. The bus is Redis
 * pub/sub when REDIS_URL is set, so that several nodes drop each other's stale cache entries.
 */
export function createAppContext(parts: {
  database: Database;
  config: Config;
  clock: Clock;
  log: Logger;
  bus?: Bus;
}): AppContext {
  const { database, config, clock, log } = parts;
  const bus = parts.bus ?? (config.redisUrl ? redisBus(config.redisUrl, log) : memoryBus());
  return {
    db: database.db,
    dbKind: database.kind,
    config,
    clock,
    sms: devOutboxSender(clock, log),
    log,
    bus,
    transact: createTransact(database.db, log, bus),
  };
}
