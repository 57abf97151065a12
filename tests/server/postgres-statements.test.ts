import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { PreparingPool } from '../../server/db/postgres-statements.js';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../helpers/server-app.js';

// Runs in the PostgreSQL pass only (vitest.config.ts): these are PostgreSQL's prepared statements.
const url = testDatabaseUrl as string;

interface Catch {
  catch: { id: number; fish: string; kg: number };
}

let database: TestDatabase;
let schema: string;
/** The shop's own handle on the test schema, with one connection, so every query meets the statements it left. */
let handle: DatabaseHandle;
let db: Kysely<Catch>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  schema = database.handle.pgSchema as string;
  handle = openDatabase({ dataDir: database.dataDir, databaseUrl: url, pgSchema: schema, poolSize: 1 });
  db = handle.db as unknown as Kysely<Catch>;
});

afterAll(async () => {
  await handle?.close();
  await database?.dispose();
});

beforeEach(async () => {
  await sql`drop table if exists catch`.execute(db);
  await sql`create table catch (id integer primary key, fish text not null, kg integer not null)`.execute(db);
  await db
    .insertInto('catch')
    .values([
      { id: 1, fish: 'pomfret', kg: 4 },
      { id: 2, fish: 'seer', kg: 9 },
      { id: 3, fish: 'mackerel', kg: 12 },
    ])
    .execute();
});

/** The statements prepared on the connection that runs this query (the handle's only one). */
async function preparedHere(on: Kysely<Catch> = db): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(on);
  return rows.map((row) => row.statement);
}

/** Runs queries in a PostgreSQL session of its own, outside the handle's pool. */
async function inOtherSession(run: (other: pg.Client) => Promise<unknown>): Promise<void> {
  const other = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await other.connect();
  try {
    await run(other);
  } finally {
    await other.end();
  }
}

const heavierThan = (on: Kysely<Catch>, kg: number) => on.selectFrom('catch').select(['id', 'fish']).where('kg', '>', kg).orderBy('id');

describe('Statements on PostgreSQL', () => {
  it('with parameters are prepared once on their connection and answer each call with its own values', async () => {
    expect(await heavierThan(db, 5).execute()).toEqual([
      { id: 2, fish: 'seer' },
      { id: 3, fish: 'mackerel' },
    ]);
    expect(await heavierThan(db, 10).execute()).toEqual([{ id: 3, fish: 'mackerel' }]);
    expect(await heavierThan(db, 20).execute()).toEqual([]);
    const text = heavierThan(db, 0).compile().sql;
    expect((await preparedHere()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('that write count the rows they changed, prepared as reads are', async () => {
    const lighten = (by: number, atLeast: number) =>
      db
        .updateTable('catch')
        .set({ kg: sql`kg - ${by}` })
        .where('kg', '>=', atLeast)
        .executeTakeFirst();
    expect(Number((await lighten(1, 9)).numUpdatedRows)).toBe(2);
    expect(Number((await lighten(1, 100)).numUpdatedRows)).toBe(0);
    expect(await db.selectFrom('catch').select(['id', 'kg']).orderBy('id').execute()).toEqual([
      { id: 1, kg: 4 },
      { id: 2, kg: 8 },
      { id: 3, kg: 11 },
    ]);
    expect(await preparedHere()).toContain(
      db
        .updateTable('catch')
        .set({ kg: sql`kg - ${1}` })
        .where('kg', '>=', 9)
        .compile().sql,
    );
  });

  it('without parameters (begin, commit, DDL) are sent as they are and never prepared', async () => {
    await sql`create index catch_kg on catch (kg)`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`select 1 as one`.execute(trx);
    });
    const prepared = await preparedHere();
    expect(prepared.some((statement) => /catch_kg|select 1 as one|^begin|^commit/i.test(statement))).toBe(false);
  });

  it('beyond the number kept per connection are answered unprepared, and the kept ones still answer', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    const small = new Kysely<Catch>({ dialect: new PostgresDialect({ pool: new PreparingPool(pool, 2) }) });
    try {
      const byId = (id: number) => small.selectFrom('catch').select('fish').where('id', '=', id).executeTakeFirst();
      const byFish = (fish: string) => small.selectFrom('catch').select('id').where('fish', '=', fish).executeTakeFirst();
      const byKg = (kg: number) => small.selectFrom('catch').select('fish').where('kg', '=', kg).executeTakeFirst();
      expect(await byId(1)).toEqual({ fish: 'pomfret' });
      expect(await byFish('seer')).toEqual({ id: 2 });
      expect(await byKg(12)).toEqual({ fish: 'mackerel' });
      expect(await byKg(4)).toEqual({ fish: 'pomfret' });
      expect(await byId(2)).toEqual({ fish: 'seer' });
      expect(await preparedHere(small)).toHaveLength(2);
    } finally {
      await small.destroy();
    }
  });

  it('are all sent unprepared when the shop is told not to prepare them (a pooler in transaction mode)', async () => {
    const unprepared = openDatabase({ dataDir: database.dataDir, databaseUrl: url, pgSchema: schema, poolSize: 1, preparedStatements: false });
    const plain = unprepared.db as unknown as Kysely<Catch>;
    try {
      expect(await heavierThan(plain, 5).execute()).toEqual([
        { id: 2, fish: 'seer' },
        { id: 3, fish: 'mackerel' },
      ]);
      expect(await heavierThan(plain, 10).execute()).toEqual([{ id: 3, fish: 'mackerel' }]);
      expect(await preparedHere(plain)).toEqual([]);
    } finally {
      await unprepared.close();
    }
  });

  it('whose columns a migration changed under them answer with the new columns at the next call outside a transaction', async () => {
    const everything = (id: number) =>
      db.selectFrom('catch').selectAll().where('id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
    expect(await everything(1)).toEqual({ id: 1, fish: 'pomfret', kg: 4 });
    await inOtherSession((other) => other.query(`alter table catch add column landed_at text not null default 'Kochi'`));
    expect(await everything(1)).toEqual({ id: 1, fish: 'pomfret', kg: 4, landed_at: 'Kochi' });
    expect(await everything(2)).toEqual({ id: 2, fish: 'seer', kg: 9, landed_at: 'Kochi' });
  });

  it('whose columns changed inside a transaction end that transaction with nothing kept, and the next try succeeds', async () => {
    const sell = (trx: Kysely<Catch>) =>
      trx.transaction().execute(async (t) => {
        await t.updateTable('catch').set({ kg: 0 }).where('id', '=', 3).execute();
        return t.selectFrom('catch').selectAll().where('fish', '=', 'seer').executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
      });
    expect(await sell(db)).toEqual({ id: 2, fish: 'seer', kg: 9 });
    await db.updateTable('catch').set({ kg: 12 }).where('id', '=', 3).execute();
    await inOtherSession((other) => other.query(`alter table catch add column landed_at text not null default 'Kochi'`));
    await expect(sell(db)).rejects.toThrow(/cached plan must not change result type/);
    expect(await db.selectFrom('catch').select('kg').where('id', '=', 3).executeTakeFirst()).toEqual({ kg: 12 });
    expect(await sell(db)).toEqual({ id: 2, fish: 'seer', kg: 9, landed_at: 'Kochi' });
    expect(await db.selectFrom('catch').select('kg').where('id', '=', 3).executeTakeFirst()).toEqual({ kg: 0 });
  });
});
