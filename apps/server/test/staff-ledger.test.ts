import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  get,
  post,
  registerVerifiedUser,
  staffToken,
  type Registered,
  type TestApp,
} from './harness';

// A user's balances and ledger as staff see them: GET /api/staff/users/:userId/balances and /ledger, for
// roles with ledger.read only.

let t: TestApp;
let admin: string;
let user: Registered;
const members: Record<string, { username: string; password: string; secret: string }> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['finance', 'compliance', 'dealer', 'support'] as const)
    members[role] = await createStaff(t, `${role}-ledger`, role);
  admin = await staffToken(t);
  user = await registerVerifiedUser(t);
  const deposit = await post(
    t.app,
    '/api/staff/deposits',
    { userId: user.userId, amount: '5000', bankReference: `SL-${process.pid}` },
    admin,
  );
  if (deposit.code !== 1) throw new Error(`deposit: ${deposit.errorCode}`);
  const asked = await post<{ id: string }>(
    t.app,
    '/api/staff/adjustments',
    { userId: user.userId, amount: '-250.25', reason: 'fee' },
    admin,
  );
  const finance = await tokenOf('finance');
  const approved = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, finance);
  if (approved.code !== 1) throw new Error(`approve: ${approved.errorCode}`);
});
afterAll(() => t.close());
beforeEach(async () => {
  admin = await staffToken(t);
});

const tokenOf = (role: string) => {
  const m = members[role]!;
  return staffToken(t, m.username, m.password, m.secret);
};

type Balances = {
  available: string;
  held: string;
  marginInUse: string;
  loanPayable: string;
  debt: string;
  total: string;
};
type Page = {
  items: { id: string; kind: string; availableChange: string; reference: string }[];
  nextCursor: string | null;
};

describe("a user's balances", () => {
  it('are what the ledger says, the same as the investor sees', async () => {
    const staffView = await get<Balances>(t.app, `/api/staff/users/${user.userId}/balances`, admin);
    expect(staffView).toMatchObject({ status: 200, code: 1 });
    expect(staffView.data).toEqual({
      available: '4749.75',
      held: '0.00',
      marginInUse: '0.00',
      loanPayable: '0.00',
      debt: '0.00',
      total: '4749.75',
    });
    const own = await get<Balances>(t.app, '/api/account/balances', user.token);
    expect(own.data).toEqual(staffView.data);
  });

  it('of a user with no ledger yet are zero', async () => {
    const fresh = await registerVerifiedUser(t);
    const result = await get<Balances>(t.app, `/api/staff/users/${fresh.userId}/balances`, admin);
    expect(result.data).toMatchObject({ available: '0.00', total: '0.00' });
  });

  it('of an unknown or malformed user id are a 404, localised', async () => {
    expect(await get(t.app, '/api/staff/users/999999999/balances', admin)).toMatchObject({
      status: 404,
      errorCode: 'USER_NOT_FOUND',
    });
    expect(await get(t.app, '/api/staff/users/abc/balances?lang=ja', admin)).toMatchObject({
      status: 404,
      errorCode: 'USER_NOT_FOUND',
      msg: 'ユーザーが見つかりません',
    });
  });
});

describe("a user's ledger", () => {
  it('lists their entries newest first, as the investor sees them', async () => {
    const staffView = await get<Page>(t.app, `/api/staff/users/${user.userId}/ledger`, admin);
    expect(staffView.data.items.map((e) => [e.kind, e.availableChange])).toEqual([
      ['adjustment', '-250.25'],
      ['deposit', '5000.00'],
    ]);
    const own = await get<Page>(t.app, '/api/account/ledger', user.token);
    expect(own.data).toEqual(staffView.data);
  });

  it('takes the same filters and cursor as the investor endpoint', async () => {
    const deposits = await get<Page>(t.app, `/api/staff/users/${user.userId}/ledger?kind=deposit`, admin);
    expect(deposits.data.items.map((e) => e.kind)).toEqual(['deposit']);
    const first = await get<Page>(t.app, `/api/staff/users/${user.userId}/ledger?limit=1`, admin);
    expect(first.data.items.map((e) => e.kind)).toEqual(['adjustment']);
    const second = await get<Page>(
      t.app,
      `/api/staff/users/${user.userId}/ledger?limit=1&cursor=${first.data.nextCursor}`,
      admin,
    );
    expect(second.data.items.map((e) => e.kind)).toEqual(['deposit']);
    expect(await get(t.app, `/api/staff/users/${user.userId}/ledger?month=2026-13`, admin)).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
    });
  });

  it("holds no other user's entries", async () => {
    const other = await registerVerifiedUser(t);
    expect((await get<Page>(t.app, `/api/staff/users/${other.userId}/ledger`, admin)).data).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('of an unknown user is a 404', async () => {
    expect(await get(t.app, '/api/staff/users/999999999/ledger', admin)).toMatchObject({
      status: 404,
      errorCode: 'USER_NOT_FOUND',
    });
  });
});

describe('who may read a ledger', () => {
  it('finance may (ledger.read)', async () => {
    const token = await tokenOf('finance');
    expect((await get(t.app, `/api/staff/users/${user.userId}/balances`, token)).code).toBe(1);
    expect((await get(t.app, `/api/staff/users/${user.userId}/ledger`, token)).code).toBe(1);
  });

  it.each(['compliance', 'dealer', 'support'])('%s may not', async (role) => {
    const token = await tokenOf(role);
    for (const path of ['balances', 'ledger']) {
      const result = await get(t.app, `/api/staff/users/${user.userId}/${path}?lang=ja`, token);
      expect(result).toMatchObject({
        status: 403,
        errorCode: 'STAFF_PERMISSION_DENIED',
        msg: 'この操作を行う権限がありません',
      });
      expect(result.data).toBeFalsy();
    }
    // Whether the user exists is not revealed either.
    expect(await get(t.app, '/api/staff/users/999999999/balances', token)).toMatchObject({ status: 403 });
  });

  it('an investor, even the user themself, may not', async () => {
    expect((await get(t.app, `/api/staff/users/${user.userId}/balances`, user.token)).status).toBe(401);
    expect((await get(t.app, `/api/staff/users/${user.userId}/ledger`)).status).toBe(401);
  });
});
