// Security review of prices and amounts as people type them ("¥2,800", "２８００円"): a value built to make their
// reading slow (a sign, then 65,000 spaces, then a letter) once held the server's one thread for seconds per
// request. typedDecimal now refuses anything longer than a person types before reading it (money.test.ts holds
// that rule); here, each route that reads such a value refuses it on its field, in the user's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, type TestApp } from './harness';
import { investor, morningQuote, send, tradingTestApp } from './trading-helpers';

let t: TestApp;
beforeAll(async () => void ({ t } = await tradingTestApp()));
afterAll(() => t.close());

const hostile = `-${' '.repeat(65_000)}x`;

describe('a price or an amount built to be slow to read', () => {
  it('is refused on its field on every route that reads one, and the server goes on answering', async () => {
    morningQuote(t);
    const user = await investor(t, '1000000');
    const attempts: { path: string; body: object; errorCode: string }[] = [
      {
        path: '/api/alerts',
        body: { code: '7203', direction: 'above', price: hostile },
        errorCode: 'PRICE_ALERT_PRICE_INVALID',
      },
      {
        path: '/api/orders',
        body: { code: '7203', side: 'long', type: 'limit', lots: 1, leverage: 1, price: hostile },
        errorCode: 'ORDER_PRICE_INVALID',
      },
      {
        path: '/api/orders',
        body: { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1, stopLoss: hostile },
        errorCode: 'ORDER_STOP_LOSS_INVALID',
      },
      {
        path: '/api/funding/withdrawals',
        body: { amount: hostile, bankAccountId: '1', transactionPassword: '123456' },
        errorCode: 'AMOUNT_INVALID',
      },
    ];
    for (const { path, body, errorCode } of attempts) {
      const [refused, health] = await Promise.all([
        send(t, 'POST', `${path}?lang=ja`, user.token, body),
        get(t.app, '/api/health'),
      ]);
      expect(refused).toMatchObject({ status: 400, code: 0, errorCode });
      expect(refused.msg).not.toBe(errorCode);
      expect(health.status).toBe(200);
    }
  });

  it('still reads what a person types, spaces around ¥ and 円 included', async () => {
    morningQuote(t);
    const user = await investor(t, '1000000');
    const alert = await send(t, 'POST', '/api/alerts', user.token, {
      code: '7203',
      direction: 'above',
      price: ' ¥ ３，０００ 円 ',
    });
    expect(alert).toMatchObject({ status: 200, code: 1 });
    expect(alert.data).toMatchObject({ price: '3000.00' });
  });
});
