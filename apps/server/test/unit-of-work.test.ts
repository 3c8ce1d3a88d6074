import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, fail, FailAfterCommit } from '../src/platform/errors';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeExists = async (code: string) =>
  (await t.ctx.db.selectFrom('invitation_codes').select('id').where('code', '=', code).executeTakeFirst()) !==
  undefined;

const insertCode = (db: TestApp['ctx']['db'], code: string) =>
  db.insertInto('invitation_codes').values({ code, kind: 'staff', max_uses: null }).execute();

describe('ctx.transact', () => {
  it('commits work that returns, and returns its value', async () => {
    const value = await t.ctx.transact(async (tx) => {
      await insertCode(tx.db, 'UOWOK1');
      return 42;
    });
    expect(value).toBe(42);
    expect(await codeExists('UOWOK1')).toBe(true);
  });

  it('rolls back work that throws, and rethrows the error', async () => {
    const boom = new Error('boom');
    await expect(
      t.ctx.transact(async (tx) => {
        await insertCode(tx.db, 'UOWRB1');
        expect(
          await tx.db
            .selectFrom('invitation_codes')
            .select('id')
            .where('code', '=', 'UOWRB1')
            .executeTakeFirst(),
        ).toBeDefined();
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await codeExists('UOWRB1')).toBe(false);
  });

  it('rolls back on an AppError too', async () => {
    await expect(
      t.ctx.transact(async (tx) => {
        await insertCode(tx.db, 'UOWRB2');
        throw fail('USER_NOT_FOUND');
      }),
    ).rejects.toMatchObject({ errorCode: 'USER_NOT_FOUND' });
    expect(await codeExists('UOWRB2')).toBe(false);
  });

  it('commits, then throws the failure of a FailAfterCommit', async () => {
    const failure = fail('SMS_CODE_INVALID');
    const outcome = t.ctx.transact(async (tx) => {
      await insertCode(tx.db, 'UOWFAC');
      throw new FailAfterCommit(failure);
    });
    await expect(outcome).rejects.toBe(failure);
    await expect(outcome).rejects.toBeInstanceOf(AppError);
    expect(await codeExists('UOWFAC')).toBe(true);
  });

  it('runs after-commit tasks in order once committed, and a failing task does not fail the call', async () => {
    const seen: string[] = [];
    const value = await t.ctx.transact(async (tx) => {
      tx.afterCommit(() => seen.push(`first:${String(seen.length)}`));
      tx.afterCommit(() => {
        throw new Error('task failed');
      });
      tx.afterCommit(async () => {
        // the work is visible outside the transaction by now
        seen.push(`committed:${String(await codeExists('UOWAC1'))}`);
      });
      await insertCode(tx.db, 'UOWAC1');
      tx.afterCommit(() => seen.push('last'));
      expect(seen).toEqual([]); // nothing runs before the commit
      return 'done';
    });
    expect(value).toBe('done');
    expect(seen).toEqual(['first:0', 'committed:true', 'last']);
  });

  it('never runs after-commit tasks after a rollback', async () => {
    const seen: string[] = [];
    await expect(
      t.ctx.transact(async (tx) => {
        tx.afterCommit(() => seen.push('ran'));
        await insertCode(tx.db, 'UOWAC2');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
    expect(await codeExists('UOWAC2')).toBe(false);
  });

  it('runs after-commit tasks of a FailAfterCommit, which did commit', async () => {
    const seen: string[] = [];
    await expect(
      t.ctx.transact(async (tx) => {
        tx.afterCommit(() => seen.push('ran'));
        throw new FailAfterCommit(fail('OLD_PASSWORD_WRONG'));
      }),
    ).rejects.toMatchObject({ errorCode: 'OLD_PASSWORD_WRONG' });
    expect(seen).toEqual(['ran']);
  });
});
