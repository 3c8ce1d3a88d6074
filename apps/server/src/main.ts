import { buildApp } from './app';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import type { AppContext } from './platform/context';
import { migrate, openDatabase } from './platform/db';
import { devOutboxSender } from './platform/sms';
import { seedDemoData } from './modules/system';
import pino from 'pino';

const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await openDatabase(config);
const applied = await migrate(database);
if (applied.length) log.info({ applied }, 'migrations applied');

const ctx: AppContext = {
  db: database.db,
  dbKind: database.kind,
  config,
  clock: systemClock,
  sms: devOutboxSender(systemClock, log),
};
if (config.seedDemoData && (await seedDemoData(ctx))) log.info('demo data seeded');
if (ctx.sms.name === 'dev-outbox' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
  log.warn(
    'SMS codes go to the dev outbox, not to phones: this server must not be used by real customers. ' +
      `/api/dev/sms ${config.devSmsEndpoint === 'open' ? 'is open to anyone (DEV_SMS_ENDPOINT=open)' : 'answers this machine only'}.`,
  );
}

const app = await buildApp(ctx, { logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
log.info(
  `Kabuto is running on ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}: ` +
    `investor app http://localhost:${config.port}/  back office http://localhost:${config.port}/backoffice/  API docs http://localhost:${config.port}/api/docs`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
