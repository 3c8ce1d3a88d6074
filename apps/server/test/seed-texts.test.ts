import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/platform/db';
import { createStaff, createTestApp, databaseBefore, get, staffToken, type TestApp } from './harness';

const KEYS_MIGRATION = '20261124T1110_seed_text_keys.sql';

describe('seeded texts carry a key the screens translate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the demo administrator and the demo invitation note by key, and nothing else', async () => {
    const admin = await staffToken(t);
    const me = await get<{ displayName: string; displayNameKey: string | null }>(
      t.app,
      '/api/staff/me',
      admin,
    );
    expect(me.data).toMatchObject({ displayName: 'Administrator', displayNameKey: 'demoAdministrator' });

    const other = await createStaff(t, 'plain-support', 'support');
    const members = await get<{ items: { id: string; displayNameKey: string | null }[] }>(
      t.app,
      '/api/staff/members',
      admin,
    );
    expect(members.data.items.find((m) => m.id === other.id)?.displayNameKey).toBeNull();

    const codes = await get<{ items: { code: string; note: string | null; noteKey: string | null }[] }>(
      t.app,
      '/api/staff/invitation-codes?pageSize=100',
      admin,
    );
    expect(codes.data.items.find((c) => c.code === 'WELCOME')).toMatchObject({
      note: 'Demo: unlimited uses',
      noteKey: 'demoInvitationNote',
    });
    expect(codes.data.items.filter((c) => c.noteKey !== null)).toHaveLength(1);
  });
});

describe(`migration ${KEYS_MIGRATION}`, () => {
  it('keys the demo rows of a database seeded before it, and leaves rows people changed alone', async () => {
    const database = await databaseBefore(KEYS_MIGRATION);
    try {
      const db = database.db;
      const [admin, renamed] = await db
        .insertInto('staff_users')
        .values([
          {
            username: 'admin',
            display_name: 'Administrator',
            password_hash: 'x',
            totp_secret: 'x',
            role: 'admin',
          },
          {
            username: 'ops',
            display_name: 'Administrator',
            password_hash: 'x',
            totp_secret: 'x',
            role: 'admin',
          },
        ] as never)
        .returning('id')
        .execute();
      await db
        .insertInto('invitation_codes')
        .values([
          { code: 'WELCOME', kind: 'staff', note: 'Demo: unlimited uses', created_by_staff_id: admin!.id },
          { code: 'SPRING', kind: 'staff', note: 'Demo: unlimited uses', created_by_staff_id: admin!.id },
        ] as never)
        .execute();

      expect(await migrate(database)).toContain(KEYS_MIGRATION);

      const staff = await db
        .selectFrom('staff_users')
        .select(['id', 'display_name_key'])
        .orderBy('id')
        .execute();
      expect(staff).toEqual([
        { id: admin!.id, display_name_key: 'demoAdministrator' },
        { id: renamed!.id, display_name_key: null },
      ]);
      const codes = await db
        .selectFrom('invitation_codes')
        .select(['code', 'note_key'])
        .orderBy('code')
        .execute();
      expect(codes).toEqual([
        { code: 'SPRING', note_key: null },
        { code: 'WELCOME', note_key: 'demoInvitationNote' },
      ]);
    } finally {
      await database.close();
    }
    // Opens and migrates a second embedded database: slow on a busy machine.
  }, 180_000);
});
