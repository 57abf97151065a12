import pg from 'pg';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finishTransaction, GuardedWriteFailed } from '../../server/db/final-writes.js';
import { createTestDatabase, testDatabaseUrl, testDialect, type TestDatabase } from '../helpers/server-app.js';

interface Shelf {
  shelf: { id: number; units: number; label: string };
  shelf_log: { id: Generated<number>; note: string };
}

let database: TestDatabase;
let db: Kysely<Shelf>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.handle.db as unknown as Kysely<Shelf>;
  await sql`create table shelf (id integer primary key, units integer not null, label text not null)`.execute(db);
  const logId = testDialect === 'postgres' ? sql`id serial primary key` : sql`id integer primary key`;
  await sql`create table shelf_log (${logId}, note text not null)`.execute(db);
});

afterAll(async () => {
  await database.dispose();
});

beforeEach(async () => {
  await db.deleteFrom('shelf_log').execute();
  await db.deleteFrom('shelf').execute();
  await db
    .insertInto('shelf')
    .values([
      { id: 1, units: 5, label: 'pomfret' },
      { id: 2, units: 0, label: 'seer' },
    ])
    .execute();
});

/** Takes units off a shelf; changes no row when fewer are left. */
function take(trx: Kysely<Shelf>, id: number, units: number) {
  return trx
    .updateTable('shelf')
    .set({ units: sql`units - ${units}` })
    .where('id', '=', id)
    .where('units', '>=', units);
}

async function shelves(): Promise<{ id: number; units: number; label: string }[]> {
  return db.selectFrom('shelf').selectAll().orderBy('id').execute();
}

/** Runs queries in a PostgreSQL session of its own, outside the test's pool. */
async function inOtherSession<T>(run: (other: pg.Client) => Promise<T>): Promise<T> {
  const other = new pg.Client({ connectionString: testDatabaseUrl, options: `-c search_path=${database.handle.pgSchema}` });
  await other.connect();
  try {
    return await run(other);
  } finally {
    await other.end();
  }
}

/** The notes another session sees: only what has been committed. */
async function committedNotes(): Promise<string[]> {
  if (testDialect !== 'postgres') return notes();
  return inOtherSession(async (other) => (await other.query<{ note: string }>('select note from shelf_log order by id')).rows.map((row) => row.note));
}

async function notes(): Promise<string[]> {
  return (await db.selectFrom('shelf_log').select('note').orderBy('id').execute()).map((row) => row.note);
}

describe("a transaction's final writes", () => {
  it('keep every write of the transaction when each changes its row, and the transaction answers what it returned', async () => {
    const answer = await db.transaction().execute(async (trx) => {
      await trx.insertInto('shelf_log').values({ note: 'took 3 and 0' }).execute();
      await finishTransaction(trx, [take(trx, 1, 3), take(trx, 2, 0)], testDialect);
      return 'placed';
    });
    expect(answer).toBe('placed');
    expect(await shelves()).toEqual([
      { id: 1, units: 2, label: 'pomfret' },
      { id: 2, units: 0, label: 'seer' },
    ]);
    expect(await notes()).toEqual(['took 3 and 0']);
    // The connection goes back to the pool with no transaction open: the next one starts cleanly.
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('shelf_log').values({ note: 'next' }).execute();
    });
    expect(await notes()).toEqual(['took 3 and 0', 'next']);
  });

  it('keep nothing when one changes no row, and name that write', async () => {
    const attempt = db.transaction().execute(async (trx) => {
      await trx.insertInto('shelf_log').values({ note: 'should vanish' }).execute();
      await finishTransaction(trx, [take(trx, 1, 3), take(trx, 2, 1), take(trx, 1, 1)], testDialect);
      return 'placed';
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardedWriteFailed);
    expect((error as GuardedWriteFailed).index).toBe(1);
    expect(await shelves()).toEqual([
      { id: 1, units: 5, label: 'pomfret' },
      { id: 2, units: 0, label: 'seer' },
    ]);
    expect(await notes()).toEqual([]);
  });

  it('write text with quotes, semicolons, backslashes and the block’s own quoting, and negative numbers, exactly as given', async () => {
    const labels = ["it's; commit; --", 'fresh $shoal_final$; drop table shelf; --', "back\\' slash"];
    for (const label of labels) {
      await db.transaction().execute(async (trx) => {
        await finishTransaction(trx, [trx.updateTable('shelf').set({ label }).where('id', '=', 1)], testDialect);
      });
      expect((await shelves())[0]?.label).toBe(label);
    }
    await db.transaction().execute(async (trx) => {
      await finishTransaction(trx, [take(trx, 1, -2)], testDialect);
    });
    expect((await shelves())[0]?.units).toBe(7);
  });

  it('leave the connection clean for the next transactions when code after them fails', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await finishTransaction(trx, [take(trx, 1, 1)], testDialect);
      throw new Error('a mistake after the final writes');
    });
    await expect(failing).rejects.toThrow('a mistake after the final writes');
    // PostgreSQL committed with the writes; SQLite's writer commits only when the code returns.
    expect((await shelves())[0]?.units).toBe(testDialect === 'postgres' ? 4 : 5);
    // The next transactions, on the same pooled connection, each commit as usual: another session sees each at once.
    for (let i = 0; i < 3; i += 1) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('shelf_log')
          .values({ note: `after ${i}` })
          .execute();
      });
      expect(await committedNotes()).toEqual(Array.from({ length: i + 1 }, (_, n) => `after ${n}`));
    }
  });

  it('free the rows they update once the commit is made, before the transaction’s code has returned', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => (finished = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await finishTransaction(trx, [take(trx, 1, 2)], testDialect);
      finished();
      await held;
    });
    await done;
    if (testDialect === 'postgres') {
      // Another session can update the same row at once, and sees the committed units.
      const rows = await inOtherSession(async (other) => {
        await other.query("set lock_timeout = '2s'");
        return (await other.query<{ units: number }>('update shelf set units = units - 1 where id = 1 returning units')).rows;
      });
      expect(rows).toEqual([{ units: 2 }]);
    } else {
      // SQLite's one writer commits when the transaction returns: nothing is visible before.
      expect((await shelves())[0]?.units).toBe(5);
    }
    release();
    await transaction;
    expect((await shelves())[0]?.units).toBe(testDialect === 'postgres' ? 2 : 3);
  });
});
