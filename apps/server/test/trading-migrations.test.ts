// Migrations that change trading rows already written: what they make of a database from before them.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/platform/db';
import { databaseBefore } from './harness';

const CLEARED_BY = '20261128T1900_margin_call_cleared_by.sql';
const WAITING_CLOSE = '20261128T2000_forced_close_waiting_status.sql';
const CLOSE_VALIDITY = '20261129T0100_limit_close_validity.sql';
const CLOSE_KEYS = '20261129T0200_close_request_keys.sql';
const CLOSE_REQUESTED_AT = '20261201T1000_close_requested_at.sql';
const PARTIAL_CLOSE = '20261202T0000_partial_close.sql';
const WITHDRAWN_MARKET_CLOSE = '20261202T0400_withdrawn_market_close.sql';

const LUNCH = new Date('2026-11-24T03:00:00Z');
const AFTERNOON = new Date('2026-11-24T03:30:00Z');
const NEXT_DAY = new Date('2026-11-25T01:00:00Z');

type Database = Awaited<ReturnType<typeof databaseBefore>>['db'];

/** A filled market order for 7203, placed at lunch: what a position's id refers to. */
const insertFilledOrder = (db: Database, id: number, user: bigint, lots = 1, leverage = 1) =>
  sql`
    INSERT INTO trading_orders (id, user_id, code, side, type, lots, leverage, held_margin, held_fee, status,
      fill_price, idempotency_key, request_hash, created_at, updated_at, validity, valid_until)
    VALUES (${id}, ${user}, '7203', 'long', 'market', ${lots}, ${leverage}, 0, 0, 'filled', 280000, ${`key-${id}`},
      'h', ${LUNCH}, ${LUNCH}, 'day', '2026-11-24')`.execute(db);

describe(`migrations ${CLEARED_BY} and ${WAITING_CLOSE}`, () => {
  it('tell how old margin calls ended, and forget forced closes that a restart already forgot instead of reviving them', async () => {
    const database = await databaseBefore(CLEARED_BY);
    try {
      const db = database.db;
      const { rows } = await sql<{ id: bigint }>`
        INSERT INTO users (mobile, password_hash, referral_code)
        VALUES ('09000000001', 'x', 'MIGRATE1'), ('09000000002', 'x', 'MIGRATE2')
        RETURNING id`.execute(db);
      const [forced, recovered] = rows.map((row) => row.id);
      const position = (
        id: number,
        user: bigint,
        status: string,
        pendingReason: string | null,
        closed: Date | null,
      ) => sql`
        INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
          status, close_limit, close_pending_reason, opened_at, exit_price, realised_pnl, close_fee, shortfall,
          close_reason, closed_at, updated_at)
        VALUES (${id}, ${user}, '7203', 'long', 10, 3, 280000, 93333400, 0, ${status},
          ${status === 'limit-closing' ? 290000 : null}, ${pendingReason}, ${LUNCH},
          ${closed ? 180000 : null}, ${closed ? -100000000 : null}, ${closed ? 0 : null}, ${closed ? 0 : null},
          ${closed ? 'forced' : null}, ${closed}, ${closed ?? LUNCH})`;
      const marginCall = (user: bigint, cleared: Date | null) => sql`
        INSERT INTO trading_margin_calls (user_id, raised_on, deadline, equity, open_notional, ratio_bp,
          created_at, cleared_at)
        VALUES (${user}, '2026-11-24', '2026-11-26', 0, 280000000, 0, ${LUNCH}, ${cleared})`;
      for (const [id, user] of [
        [1, forced],
        [2, recovered],
        [3, recovered],
        [4, recovered],
      ] as const)
        await insertFilledOrder(db, id, user!, 10, 3);
      // The forced close that lifted the first user's call filled in the same commit that cleared it.
      await position(1, forced!, 'closed', 'forced', AFTERNOON).execute(db);
      await marginCall(forced!, AFTERNOON).execute(db);
      // The second user's call came back by itself; a forced close decided at lunch was forgotten by a restart
      // and the position is still held; another position waits for the client's own close.
      await marginCall(recovered!, NEXT_DAY).execute(db);
      await marginCall(recovered!, null).execute(db);
      await position(2, recovered!, 'holding', 'forced', null).execute(db);
      await position(3, recovered!, 'limit-closing', 'forced', null).execute(db);
      await position(4, recovered!, 'closing', 'user', null).execute(db);

      expect(await migrate(database)).toEqual(expect.arrayContaining([CLEARED_BY, WAITING_CLOSE]));

      const calls = await sql<{ user_id: bigint; cleared_by: string | null }>`
        SELECT user_id, cleared_by FROM trading_margin_calls ORDER BY id`.execute(db);
      expect(calls.rows).toEqual([
        { user_id: forced, cleared_by: 'forced_close' },
        { user_id: recovered, cleared_by: 'recovered' },
        { user_id: recovered, cleared_by: null },
      ]);
      const positions = await sql<{ id: bigint; status: string; close_pending_reason: string | null }>`
        SELECT id, status, close_pending_reason FROM trading_positions ORDER BY id`.execute(db);
      expect(positions.rows).toEqual([
        { id: 1n, status: 'closed', close_pending_reason: 'forced' },
        { id: 2n, status: 'holding', close_pending_reason: null },
        { id: 3n, status: 'limit-closing', close_pending_reason: null },
        { id: 4n, status: 'closing', close_pending_reason: 'user' },
      ]);
      await expect(
        sql`UPDATE trading_positions SET close_pending_reason = 'forced' WHERE id = 2`.execute(db),
      ).rejects.toThrow(/trading_positions_waiting_close_reason/);
      await expect(
        sql`UPDATE trading_margin_calls SET cleared_at = NULL WHERE user_id = ${forced}`.execute(db),
      ).rejects.toThrow(/trading_margin_calls_cleared_by_when_cleared/);
    } finally {
      await database.close();
    }
    // Opens and migrates a second embedded database: slow on a busy machine.
  }, 180_000);
});

describe(`migration ${CLOSE_VALIDITY}`, () => {
  it('makes a resting limit close from before it a day close of its last change, and keeps the columns together', async () => {
    const database = await databaseBefore(CLOSE_VALIDITY);
    try {
      const db = database.db;
      const { rows } = await sql<{ id: bigint }>`
        INSERT INTO users (mobile, password_hash, referral_code)
        VALUES ('09000000003', 'x', 'MIGRATE3') RETURNING id`.execute(db);
      const user = rows[0]!.id;
      for (const id of [1, 2, 3]) await insertFilledOrder(db, id, user);
      // A close placed at 23:30 JST on the 24th (14:30 UTC) is a close of the 24th in Japan.
      const lateEvening = new Date('2026-11-24T14:30:00Z');
      const position = (id: number, status: string, closeLimit: number | null, closed: Date | null) => sql`
        INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
          status, close_limit, opened_at, exit_price, realised_pnl, close_fee, shortfall, close_reason,
          closed_at, updated_at)
        VALUES (${id}, ${user}, '7203', 'long', 1, 1, 280000, 28000000, 0, ${status}, ${closeLimit}, ${LUNCH},
          ${closed ? 290000 : null}, ${closed ? 1000000 : null}, ${closed ? 0 : null}, ${closed ? 0 : null},
          ${closed ? 'user' : null}, ${closed}, ${closed ?? lateEvening})`;
      await position(1, 'limit-closing', 290000, null).execute(db);
      await position(2, 'holding', null, null).execute(db);
      await position(3, 'closed', 290000, AFTERNOON).execute(db);

      expect(await migrate(database)).toEqual(expect.arrayContaining([CLOSE_VALIDITY]));

      const positions = await sql<{
        id: bigint;
        close_validity: string | null;
        close_valid_until: string | null;
      }>`
        SELECT id, close_validity, close_valid_until FROM trading_positions ORDER BY id`.execute(db);
      expect(positions.rows).toEqual([
        { id: 1n, close_validity: 'day', close_valid_until: '2026-11-24' },
        { id: 2n, close_validity: null, close_valid_until: null },
        { id: 3n, close_validity: null, close_valid_until: null },
      ]);
      await expect(
        sql`UPDATE trading_positions SET close_validity = NULL, close_valid_until = NULL WHERE id = 1`.execute(
          db,
        ),
      ).rejects.toThrow(/trading_positions_limit_close_validity/);
      await expect(
        sql`UPDATE trading_positions SET close_valid_until = NULL WHERE id = 1`.execute(db),
      ).rejects.toThrow(/trading_positions_close_validity_with_date/);
      await expect(
        sql`UPDATE trading_positions SET close_validity = 'week', close_valid_until = '2026-11-27' WHERE id = 2`.execute(
          db,
        ),
      ).rejects.toThrow(/trading_positions_close_validity_of_limit/);
      await expect(
        sql`UPDATE trading_positions SET close_valid_until = 'friday' WHERE id = 1`.execute(db),
      ).rejects.toThrow(/close_valid_until/);
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe(`migration ${CLOSE_KEYS}`, () => {
  it("keeps each position's last close key, hashed or not, as a request made", async () => {
    const database = await databaseBefore(CLOSE_KEYS);
    try {
      const db = database.db;
      const { rows } = await sql<{ id: bigint }>`
        INSERT INTO users (mobile, password_hash, referral_code)
        VALUES ('09000000004', 'x', 'MIGRATE4') RETURNING id`.execute(db);
      const user = rows[0]!.id;
      for (const [id, key, hash] of [
        [1, 'hashed-key', 'h1'],
        [2, 'old-key', null],
        [3, null, null],
      ] as const) {
        await insertFilledOrder(db, id, user);
        await sql`
          INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
            status, opened_at, close_request_key, close_request_hash, updated_at)
          VALUES (${id}, ${user}, '7203', 'long', 1, 1, 280000, 28000000, 0, 'holding', ${LUNCH}, ${key}, ${hash},
            ${AFTERNOON})`.execute(db);
      }

      expect(await migrate(database)).toEqual(expect.arrayContaining([CLOSE_KEYS]));

      const requests = await sql<{
        position_id: bigint;
        idempotency_key: string;
        request_hash: string | null;
      }>`
        SELECT position_id, idempotency_key, request_hash FROM trading_close_requests ORDER BY position_id`.execute(
        db,
      );
      expect(requests.rows).toEqual([
        { position_id: 1n, idempotency_key: 'hashed-key', request_hash: 'h1' },
        { position_id: 2n, idempotency_key: 'old-key', request_hash: null },
      ]);
      await expect(sql`SELECT close_request_key FROM trading_positions`.execute(db)).rejects.toThrow(
        /close_request_key/,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe(`migration ${CLOSE_REQUESTED_AT}`, () => {
  it('dates each waiting close by what placed it: a forced one by its decision, the client’s by its latest key', async () => {
    const database = await databaseBefore(CLOSE_REQUESTED_AT);
    try {
      const db = database.db;
      const { rows } = await sql<{ id: bigint }>`
        INSERT INTO users (mobile, password_hash, referral_code)
        VALUES ('09000000005', 'x', 'MIGRATE5') RETURNING id`.execute(db);
      const user = rows[0]!.id;
      const EARLIER_KEY = new Date('2026-11-24T02:00:00Z');
      const LATER_KEY = new Date('2026-11-24T02:30:00Z');
      // 1 holding; 2 resting at a limit (two keys); 3 waiting for a forced close, after a limit close of the
      // client's that it replaced; 4 waiting for the client's market close from before keys were kept.
      for (const [id, status, reason] of [
        [1, 'holding', null],
        [2, 'limit-closing', null],
        [3, 'closing', 'forced'],
        [4, 'closing', 'user'],
      ] as const) {
        await insertFilledOrder(db, id, user);
        await sql`
          INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
            status, close_limit, close_validity, close_valid_until, close_pending_reason, opened_at, updated_at)
          VALUES (${id}, ${user}, '7203', 'long', 1, 1, 280000, 28000000, 0, ${status},
            ${status === 'limit-closing' ? 290000 : null}, ${status === 'limit-closing' ? 'day' : null},
            ${status === 'limit-closing' ? '2026-11-24' : null}, ${reason}, ${LUNCH}, ${NEXT_DAY})`.execute(
          db,
        );
      }
      await sql`
        INSERT INTO trading_close_requests (position_id, idempotency_key, request_hash, created_at)
        VALUES (2, 'first', 'h', ${EARLIER_KEY}), (2, 'second', 'h', ${LATER_KEY}), (3, 'replaced', 'h', ${EARLIER_KEY})`.execute(
        db,
      );
      await sql`
        INSERT INTO trading_forced_closes (user_id, position_id, reason, equity, open_notional, ratio_bp, pending,
          created_at)
        VALUES (${user}, 3, 'liquidation_level', 0, 28000000, 0, true, ${AFTERNOON})`.execute(db);

      expect(await migrate(database)).toEqual(expect.arrayContaining([CLOSE_REQUESTED_AT]));

      const dated = await sql<{ id: bigint; close_requested_at: Date | null }>`
        SELECT id, close_requested_at FROM trading_positions ORDER BY id`.execute(db);
      expect(dated.rows).toEqual([
        { id: 1n, close_requested_at: null },
        { id: 2n, close_requested_at: LATER_KEY },
        { id: 3n, close_requested_at: AFTERNOON },
        { id: 4n, close_requested_at: NEXT_DAY },
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});

/** A user (by their mobile) holding position 1: 4 lots of 7203 long at 1x, from filled order 1. */
async function userHoldingFourLots(db: Database, mobile: string): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`
    INSERT INTO users (mobile, password_hash, referral_code)
    VALUES (${mobile}, 'x', ${`M${mobile}`}) RETURNING id`.execute(db);
  const user = rows[0]!.id;
  await insertFilledOrder(db, 1, user, 4);
  await sql`
    INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
      status, opened_at, updated_at)
    VALUES (1, ${user}, '7203', 'long', 4, 1, 280000, 112000000, 0, 'holding', ${LUNCH}, ${NEXT_DAY})`.execute(
    db,
  );
  return user;
}

describe(`migration ${PARTIAL_CLOSE}`, () => {
  it('gives each withdrawn limit close the lots it covered, all of its position, and keeps positions their orders', async () => {
    const database = await databaseBefore(PARTIAL_CLOSE);
    try {
      const db = database.db;
      const user = await userHoldingFourLots(db, '09000000006');
      await sql`
        INSERT INTO trading_withdrawn_closes (position_id, user_id, limit_price, validity, valid_until, requested_at,
          withdrawn_at, reason)
        VALUES (1, ${user}, 290000, 'day', '2026-11-24', ${LUNCH}, ${AFTERNOON}, 'user')`.execute(db);

      expect(await migrate(database)).toEqual(expect.arrayContaining([PARTIAL_CLOSE]));

      const withdrawn = await sql<{ lots: number }>`SELECT lots FROM trading_withdrawn_closes`.execute(db);
      expect(withdrawn.rows).toEqual([{ lots: 4 }]);
      const position = await sql<{ order_id: bigint; part_of: bigint | null }>`
        SELECT order_id, part_of FROM trading_positions`.execute(db);
      expect(position.rows).toEqual([{ order_id: 1n, part_of: null }]);
      // A position that is not a part still needs its order; a part names the position it came from.
      await expect(
        sql`
          INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
            status, opened_at, updated_at)
          VALUES (99, ${user}, '7203', 'long', 1, 1, 280000, 28000000, 0, 'holding', ${LUNCH}, ${LUNCH})`.execute(
          db,
        ),
      ).rejects.toThrow(/foreign key/);
      await sql`
        INSERT INTO trading_positions (id, user_id, code, side, lots, leverage, entry_price, margin, open_fee,
          status, opened_at, updated_at, part_of)
        VALUES (99, ${user}, '7203', 'long', 1, 1, 280000, 28000000, 0, 'holding', ${LUNCH}, ${LUNCH}, 1)`.execute(
        db,
      );
      await expect(
        sql`UPDATE trading_positions SET close_lots = 4, close_part_id = 100, status = 'closing',
          close_pending_reason = 'user' WHERE id = 1`.execute(db),
      ).rejects.toThrow(/trading_positions_close_lots/);
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe(`migration ${WITHDRAWN_MARKET_CLOSE}`, () => {
  it('keeps withdrawn limit closes, and takes a market one only without limit and 期間, and only forced', async () => {
    const database = await databaseBefore(WITHDRAWN_MARKET_CLOSE);
    try {
      const db = database.db;
      const user = await userHoldingFourLots(db, '09000000007');
      const withdraw = (
        price: number | null,
        validity: string | null,
        until: string | null,
        reason: string,
      ) =>
        sql`
        INSERT INTO trading_withdrawn_closes (position_id, user_id, limit_price, validity, valid_until, requested_at,
          withdrawn_at, reason, lots)
        VALUES (1, ${user}, ${price}, ${validity}, ${until}, ${LUNCH}, ${AFTERNOON}, ${reason}, 1)`.execute(
          db,
        );
      await withdraw(290000, 'day', '2026-11-24', 'user');

      expect(await migrate(database)).toEqual(expect.arrayContaining([WITHDRAWN_MARKET_CLOSE]));

      await withdraw(null, null, null, 'forced');
      const kept = await sql<{ limit_price: bigint | null; validity: string | null }>`
        SELECT limit_price, validity FROM trading_withdrawn_closes ORDER BY id`.execute(db);
      expect(kept.rows).toEqual([
        { limit_price: 290000n, validity: 'day' },
        { limit_price: null, validity: null },
      ]);
      for (const [price, validity, until, reason] of [
        [null, null, null, 'user'],
        [null, 'day', '2026-11-24', 'forced'],
        [290000, null, null, 'forced'],
        [290000, 'day', null, 'user'],
      ] as const)
        await expect(withdraw(price, validity, until, reason)).rejects.toThrow(
          /trading_withdrawn_closes_market/,
        );
    } finally {
      await database.close();
    }
  }, 180_000);
});
