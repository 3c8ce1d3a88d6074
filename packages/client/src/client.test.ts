import { api, routes } from '@kabuto/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

function clientWith(fetchImpl: typeof fetch, onSessionExpired = vi.fn()) {
  return {
    onSessionExpired,
    client: createApiClient({
      token: () => 'tok',
      lang: () => 'ja',
      clientMessage: (code) => `client:${code}`,
      onSessionExpired,
      fetch: fetchImpl,
    }),
  };
}

describe('createApiClient', () => {
  it('builds the URL from the entry, fills and encodes path parameters, sends token and language', async () => {
    const member = {
      id: '5',
      username: 'kato',
      displayName: '加藤',
      displayNameKey: null,
      role: 'dealer',
      disabled: true,
      lockedUntil: null,
      createdAt: '2026-11-22T00:00:00.000Z',
      lastLoginAt: null,
      countsAs: { username: 'admin', until: '2026-12-22T00:00:00.000Z', untilPasswordChange: true },
    };
    const fetchImpl = answer(200, { code: 1, msg: 'ok', data: member });
    const { client } = clientWith(fetchImpl as unknown as typeof fetch);
    const data = await client.call(api.staffMembers.disable, {
      params: { id: '12/3' },
      body: { reason: 'r' },
    });
    expect(data).toEqual(member);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/members/12%2F3/disable?lang=ja');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).token).toBe('tok');
    expect(init.body).toBe(JSON.stringify({ reason: 'r' }));
  });

  it('sends the body of a PUT that has one, and none for a PUT without', async () => {
    const position = {
      id: '7',
      code: '7203',
      side: 'long',
      lots: 1,
      leverage: 2,
      entryPrice: '2800.00',
      margin: '140000.00',
      openFee: '100.00',
      interest: '0.00',
      takeProfit: '2900.00',
      stopLoss: null,
      status: 'holding',
      closeLimit: null,
      closeValidity: null,
      closeValidUntil: null,
      pendingClose: null,
      closeRequestedAt: null,
      closeLots: null,
      partOf: null,
      markPrice: '2810.00',
      unrealisedPnl: '1000.00',
      exitPrice: null,
      realisedPnl: null,
      netPnl: null,
      closeFee: null,
      closeReason: null,
      openedAt: '2026-11-24T01:00:00.000Z',
      closedAt: null,
    };
    const withBody = answer(200, { code: 1, msg: 'ok', data: position });
    await clientWith(withBody as unknown as typeof fetch).client.call(api.trading.setTakeProfitStopLoss, {
      params: { id: '7' },
      body: { takeProfit: '2900', stopLoss: null },
    });
    const [, putInit] = withBody.mock.calls[0] as unknown as [string, RequestInit];
    expect(putInit.method).toBe('PUT');
    expect(putInit.body).toBe(JSON.stringify({ takeProfit: '2900', stopLoss: null }));
    expect((putInit.headers as Record<string, string>)['content-type']).toBe('application/json');

    const item = { code: '7203', addedAt: '2026-11-24T01:00:00.000Z' };
    const without = answer(200, { code: 1, msg: 'ok', data: item });
    await clientWith(without as unknown as typeof fetch)
      .client.call(api.watchlist.add, { params: { code: '7203' } })
      .catch(() => undefined);
    const [, bareInit] = without.mock.calls[0] as unknown as [string, RequestInit];
    expect(bareInit.body).toBeUndefined();
  });

  it('puts query values in the URL and leaves empty ones out', async () => {
    const fetchImpl = answer(200, {
      code: 1,
      msg: 'ok',
      data: { items: [], total: 0, page: 2, pageSize: 20 },
    });
    const { client } = clientWith(fetchImpl as unknown as typeof fetch);
    await client.call(api.staffUsers.list, { query: { q: '', page: 2 } });
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('/api/staff/users?page=2&lang=ja');
  });

  it('turns a failure envelope into an ApiError with the server message, code, params and status', async () => {
    const fetchImpl = answer(423, {
      code: 0,
      msg: 'ロック中',
      errorCode: 'ACCOUNT_LOCKED',
      params: { minutes: 15 },
    });
    const { client, onSessionExpired } = clientWith(fetchImpl as unknown as typeof fetch);
    const error = await client
      .call(api.auth.login, { body: { account: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      errorCode: 'ACCOUNT_LOCKED',
      message: 'ロック中',
      params: { minutes: 15 },
      status: 423,
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports an ended session once through onSessionExpired', async () => {
    const fetchImpl = answer(401, { code: 401, msg: 'expired', errorCode: 'SESSION_EXPIRED', params: {} });
    const { client, onSessionExpired } = clientWith(fetchImpl as unknown as typeof fetch);
    const error = (await client.call(api.legacy.userInfo).catch((e: unknown) => e)) as ApiError;
    expect(error.sessionExpired).toBe(true);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('refuses a success whose data does not match the contract', async () => {
    const fetchImpl = answer(200, { code: 1, msg: 'ok', data: { kefu_url: 42 } });
    const { client } = clientWith(fetchImpl as unknown as typeof fetch);
    await expect(client.call(api.legacy.customerService)).rejects.toMatchObject({
      errorCode: 'BAD_RESPONSE',
      message: 'client:BAD_RESPONSE',
    });
  });

  it('reports a network failure with the client message', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client } = clientWith(fetchImpl as unknown as typeof fetch);
    const error = (await client.call(api.system.health).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ errorCode: 'NETWORK', message: 'client:NETWORK', status: 0 });
    expect(error.transport).toBe(true);
  });

  describe('called by route (no schemas at hand)', () => {
    const appInfo = { code: 1, msg: 'ok', data: { nonsense: true } };
    const withTable = (
      fetchImpl: typeof fetch,
      endpoints: (domain: string) => Promise<(typeof api)[keyof typeof api] | undefined>,
    ) =>
      createApiClient({
        token: () => null,
        lang: () => 'en',
        clientMessage: (code) => code,
        fetch: fetchImpl,
        endpoints,
      });

    it("loads the endpoint's domain while the request runs and checks the response against it", async () => {
      const health = { status: 'ok', database: 'pglite', bus: 'in-process' };
      const endpoints = vi.fn(async (domain: string) => api[domain as keyof typeof api]);
      const fetchImpl = answer(200, { code: 1, msg: 'ok', data: health }) as unknown as typeof fetch;
      const client = withTable(fetchImpl, endpoints);
      await expect(client.call(routes.system.health)).resolves.toEqual(health);
      expect(endpoints).toHaveBeenCalledExactlyOnceWith('system');

      const bad = withTable(answer(200, appInfo) as unknown as typeof fetch, endpoints);
      await expect(bad.call(routes.system.appInfo)).rejects.toMatchObject({ errorCode: 'BAD_RESPONSE' });
    });

    it('fails as a network failure when the table cannot be loaded, never returning unchecked data', async () => {
      const client = withTable(answer(200, appInfo) as unknown as typeof fetch, () =>
        Promise.reject(new Error('offline')),
      );
      await expect(client.call(routes.system.appInfo)).rejects.toMatchObject({ errorCode: 'NETWORK' });
    });

    it('never returns unchecked data for a domain its table does not hold', async () => {
      const client = withTable(answer(200, appInfo) as unknown as typeof fetch, async () => undefined);
      await expect(client.call(routes.system.appInfo)).rejects.toMatchObject({ errorCode: 'NETWORK' });
    });

    it("never returns unchecked data for a route named after an object's own keys", async () => {
      const endpoints = async (domain: string) =>
        Object.hasOwn(api, domain) ? api[domain as keyof typeof api] : undefined;
      const client = withTable(answer(200, appInfo) as unknown as typeof fetch, endpoints);
      for (const key of ['system.constructor', 'system.__proto__', 'system.toString', '__proto__.health'])
        await expect(
          client.call({ ...routes.system.appInfo, key } as typeof routes.system.appInfo),
          key,
        ).rejects.toMatchObject({ errorCode: 'NETWORK' });
    });

    it('still reports server failures when the table cannot be loaded', async () => {
      const fetchImpl = answer(400, { code: 0, msg: 'nope', errorCode: 'VALIDATION_FAILED', params: {} });
      const client = withTable(fetchImpl as unknown as typeof fetch, () =>
        Promise.reject(new Error('offline')),
      );
      await expect(client.call(routes.system.appInfo)).rejects.toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        message: 'nope',
      });
    });
  });
});
