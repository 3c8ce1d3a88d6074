import pino from 'pino';
import { buildApp } from './app';
import { createAppContext } from './app-context';
import { systemClock } from './platform/clock';
import { isLoopbackHost, loadConfig, seedsDemoData } from './platform/config';
import { migrate, openDatabase } from './platform/db';
import { startMarket } from './modules/market';
import { startAlerts } from './modules/alerts';
import { startTrading } from './modules/trading';
import { DEMO, seedDemoData } from './modules/system';

const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await openDatabase(config, log);
const applied = await migrate(database);
if (applied.length) log.info({ applied }, 'migrations applied');

const ctx = createAppContext({ database, config, clock: systemClock, log });

if (seedsDemoData(config)) {
  if (await seedDemoData(ctx)) log.info('demo data seeded');
  if (!isLoopbackHost(config.host)) {
    log.warn(
      `SEED_DEMO_DATA=true on a server reachable at ${config.host}: the demo accounts investor ${DEMO.investor.mobile}, ` +
        `staff "${DEMO.staff.username}" (admin) and invitation code ${DEMO.inviteCode} exist if this database was seeded, ` +
        'and their credentials are PUBLIC (README). Change or disable them before anyone else can reach this server.',
    );
  }
} else if (config.seedDemoData === 'loopback-only') {
  log.info(
    `demo data not seeded: HOST=${config.host} is reachable from other machines (set SEED_DEMO_DATA=true to seed anyway)`,
  );
}
if (config.trustProxy === true) {
  log.warn(
    'TRUST_PROXY=true believes X-Forwarded-For from any client, so anyone can choose the address that rate limits, ' +
      "sessions and the audit log record. Set the hop count (e.g. TRUST_PROXY=1) or the proxies' addresses instead.",
  );
}
if (ctx.sms.name === 'dev-outbox' && !isLoopbackHost(config.host)) {
  log.warn(
    'SMS codes go to the dev outbox, not to phones: this server must not be used by real customers. ' +
      `/api/dev/sms ${config.devSmsEndpoint === 'open' ? 'is open to anyone (DEV_SMS_ENDPOINT=open)' : 'answers this machine only'}.`,
  );
}

if (config.testPricePath) {
  log.warn(
    'TEST_PRICE_PATH=on: POST /api/test/quotes moves prices in the trading engine. For end-to-end tests only.',
  );
}

const app = await buildApp(ctx, { logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
log.info(
  `Kabuto is running on ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}: ` +
    `investor app http://localhost:${config.port}/  back office http://localhost:${config.port}/backoffice/  API docs http://localhost:${config.port}/api/docs`,
);
// After listening: a first start's history takes seconds on the embedded database, and the API answers meanwhile.
// Price alerts listen before the market ticks, so no tick goes unchecked.
startAlerts(ctx);
const stopMarket = await startMarket(ctx);
const stopTrading = await startTrading(ctx);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  stopMarket();
  stopTrading();
  await app.close();
  await ctx.bus.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
