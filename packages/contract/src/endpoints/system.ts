import { z } from 'zod';
import { PUBLIC, endpoint } from '../endpoint';
import { devSmsItem, devSmsQuery, testQuoteRequest, testQuoteResponse } from '../system';
import { appInfo } from '../user';

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'system',
    summary: 'Liveness and database reachability',
    description:
      'bus is "down" while this node cannot hear itself through Redis: it still serves, reading sessions and users from the database.',
    access: PUBLIC,
    response: z.object({
      status: z.literal('ok'),
      database: z.string(),
      bus: z.enum(['in-process', 'ok', 'down']),
    }),
  }),
  appInfo: endpoint({
    method: 'GET',
    path: '/api/app/info',
    tag: 'system',
    summary: 'Version, company and market host information for the startup screen',
    access: PUBLIC,
    response: appInfo,
  }),
  devSms: endpoint({
    method: 'GET',
    path: '/api/dev/sms',
    tag: 'system',
    summary: 'Dev SMS outbox: the latest codes sent to a number',
    description:
      'Exists only while the dev outbox is the SMS adapter. By default it answers connections from this machine only (the socket address, never a forwarded header).',
    access: PUBLIC,
    query: devSmsQuery,
    response: z.object({ items: z.array(devSmsItem) }),
    carriesSecrets: true,
  }),
  testQuote: endpoint({
    method: 'POST',
    path: '/api/test/quotes',
    tag: 'system',
    summary: 'Test price path: feeds one price of an instrument into the trading engine',
    description:
      'Exists only with TEST_PRICE_PATH=on, which the server accepts only on the embedded database and a loopback address (docs/decisions/0006-test-price-path.md); answers connections from this machine only. End-to-end tests drive forced closes with it.',
    access: PUBLIC,
    body: testQuoteRequest,
    response: testQuoteResponse,
  }),
} as const;
