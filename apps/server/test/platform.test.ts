import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { hashPassword, verifyPassword } from '../src/platform/crypto';
import { migrate } from '../src/platform/db';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database', () => {
  it('reads BIGINT as bigint and round-trips values beyond 2^53', async () => {
    const big = 9_007_199_254_740_993n;
    const result = await sql<{ value: bigint }>`SELECT ${big}::bigint AS value`.execute(t.ctx.db);
    expect(result.rows[0]?.value).toBe(big);
    const user = await t.ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
    expect(typeof user.id).toBe('bigint');
  });

  it('applies migrations once', async () => {
    expect(await migrate(t.database)).toEqual([]);
    const applied = await t.ctx.db.selectFrom('schema_migrations').select('name').execute();
    expect(applied.map((row) => row.name)).toContain('20261121T1200_accounts_sessions_staff.sql');
  });

  it('keeps invitation usage within its limit in the database itself', async () => {
    await t.ctx.db
      .insertInto('invitation_codes')
      .values({ code: 'CAPPED1', kind: 'staff', max_uses: 1, used_count: 1 })
      .execute();
    await expect(
      t.ctx.db.updateTable('invitation_codes').set({ used_count: 2 }).where('code', '=', 'CAPPED1').execute(),
    ).rejects.toThrow(/violates check constraint/);
  });

  it.runIf(process.env.DATABASE_URL)(
    'survives PostgreSQL closing an idle pooled connection and keeps answering',
    async () => {
      const { openPostgres } = await import('../src/platform/db');
      const closed: Error[] = [];
      const database = await openPostgres(process.env.DATABASE_URL!, {
        poolSize: 1,
        onIdleConnectionError: (error) => closed.push(error),
      });
      try {
        const pid = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
        await sql`SELECT pg_terminate_backend(${pid.rows[0]!.pid})`.execute(t.ctx.db);
        await expect.poll(() => closed.length).toBe(1);
        const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
        expect(after.rows[0]?.one).toBe(1);
      } finally {
        await database.close();
      }
    },
  );
});

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1235', a)).toBe(false);
    expect(await verifyPassword('demo1234', 'garbage')).toBe(false);
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/kabuto');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/kabuto/data',
      databaseUrl: null,
      redisUrl: null,
      loginMaxFailures: 5,
      loginLockMinutes: 15,
    });
  });

  it('reads durations and rejects nonsense', () => {
    expect(loadConfig({ SESSION_TTL: '12h', SESSION_IDLE_TTL: '30m' })).toMatchObject({
      sessionTtlSeconds: 43200,
      sessionIdleSeconds: 1800,
    });
    expect(() => loadConfig({ SESSION_TTL: 'forever' })).toThrow(/SESSION_TTL/);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_ADAPTER: 'twilio' })).toThrow(/SMS_ADAPTER/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      databaseUrl: null,
      redisUrl: null,
    });
  });
});
