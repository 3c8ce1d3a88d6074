import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, get, post, registerUser, staffToken, type TestApp } from './harness';

// A staff request refused by a control (a permission the role lacks, a rule of separation of duties) is an
// insider's probe: it is audited with who asked, what, and the rule. Mistakes of input are not.

let t: TestApp;
let admin: string;
let compliance: string;
let complianceId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffToken(t);
  const member = await createStaff(t, 'compliance-probe', 'compliance');
  complianceId = member.id;
  compliance = await staffToken(t, member.username, member.password, member.secret);
});
afterAll(() => t.close());

const refusals = () =>
  t.ctx.db
    .selectFrom('audit_log')
    .select(['staff_id', 'target_kind', 'target_id', 'reason', 'after', 'ip'])
    .where('action', '=', 'staff.action_refused')
    .orderBy('id')
    .execute();

describe('refused staff requests', () => {
  it('audits a permission the role lacks, with the request and the rule, and changes nothing', async () => {
    const user = await registerUser(t);
    const before = (await refusals()).length;
    const asked = await post(
      t.app,
      '/api/staff/adjustments?lang=ja',
      { userId: user.userId, amount: '1000', reason: 'probe' },
      compliance,
    );
    expect(asked).toMatchObject({ status: 403, errorCode: 'STAFF_PERMISSION_DENIED' });
    const rows = (await refusals()).slice(before);
    expect(rows).toEqual([
      {
        staff_id: BigInt(complianceId),
        target_kind: 'request',
        // The path as sent, without its query.
        target_id: 'POST /api/staff/adjustments',
        reason: 'STAFF_PERMISSION_DENIED',
        after: null,
        ip: '127.0.0.1',
      },
    ]);
    const adjustments = await t.ctx.db
      .selectFrom('ledger_adjustments')
      .select('id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(adjustments).toEqual([]);
  });

  it('audits a four-eyes rule broken: approving one’s own adjustment', async () => {
    const user = await registerUser(t);
    const asked = await post<{ id: string }>(
      t.app,
      '/api/staff/adjustments',
      { userId: user.userId, amount: '500', reason: 'goodwill' },
      admin,
    );
    expect(asked.code).toBe(1);
    const before = (await refusals()).length;
    const self = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, admin, {
      headers: { 'idempotency-key': `probe-${process.pid}` },
    });
    expect(self).toMatchObject({ status: 409, errorCode: 'SECOND_APPROVER_MUST_DIFFER' });
    const rows = (await refusals()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target_id: `POST /api/staff/adjustments/${asked.data.id}/approve`,
      reason: 'SECOND_APPROVER_MUST_DIFFER',
    });
    expect(rows[0]!.staff_id).not.toBe(BigInt(complianceId));

    // The log shows it under its action to whoever may read the log.
    const log = await get<{ items: { action: string; reason: string; targetId: string }[] }>(
      t.app,
      '/api/staff/audit-log?action=staff.action_refused&pageSize=50',
      admin,
    );
    expect(log.data.items.map((entry) => entry.reason)).toContain('SECOND_APPROVER_MUST_DIFFER');
  });

  it('does not audit mistakes of input, nor requests no staff member made', async () => {
    const before = (await refusals()).length;
    const unknown = await post(t.app, '/api/staff/adjustments/999999/approve', {}, admin, {
      headers: { 'idempotency-key': `probe-unknown-${process.pid}` },
    });
    expect(unknown).toMatchObject({ errorCode: 'ADJUSTMENT_NOT_FOUND' });
    const user = await registerUser(t);
    const investor = await post(
      t.app,
      '/api/staff/adjustments',
      { userId: user.userId, amount: '1', reason: 'x' },
      user.token,
    );
    expect(investor).toMatchObject({ errorCode: 'SESSION_EXPIRED' });
    expect((await refusals()).length).toBe(before);
  });
});
