/**
 * The SQLite compiler that writes every bound value as `+?` (server/db/sqlite-plan-stable-compiler.ts):
 * each kind of statement the shop writes answers exactly what Kysely's own SQLite compiler
 * answers on the same rows, whatever the values' types, and no bare `?` is left for SQLite's
 * planner to look at.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from '../../server/db/sqlite-group-commit.js';

interface Shop {
  /** owner is an integer column; reads also compare it with text, as SQLite allows. */
  items: { id: Generated<number>; owner: number | string; name: string; qty: number; price: number | null; note: string | null };
  items_fts: { rowid: number; name: string };
}

let databases: SQLite.Database[] = [];
let shop: Kysely<Shop>;
let stock: Kysely<Shop>;
/** What the shop's compiler sent to SQLite. */
const sent: string[] = [];

/** The same rows in a database of each compiler's own. */
async function fill(db: Kysely<Shop>): Promise<void> {
  await sql`create table items (id integer primary key, owner integer not null, name text not null, qty integer not null, price real, note text)`.execute(db);
  await sql`create index items_owner_qty on items (owner, qty, id)`.execute(db);
  await sql`create virtual table items_fts using fts5(name, content='items', content_rowid='id', tokenize='trigram')`.execute(db);
  const names = ['Seer fish', 'King prawns', 'Mackerel', 'Pomfret', 'Sardine', 'Tiger prawns', "Crab '100%'", 'Squid_rings'];
  for (let i = 0; i < 40; i += 1) {
    await db
      .insertInto('items')
      .values({ owner: i % 4, name: names[i % names.length] as string, qty: i % 7, price: i % 5 === 0 ? null : i * 1.25, note: i % 3 === 0 ? null : String(i) })
      .execute();
  }
  await sql`insert into items_fts (rowid, name) select id, name from items`.execute(db);
}

beforeAll(async () => {
  databases = [new SQLite(':memory:'), new SQLite(':memory:')];
  const [mine, theirs] = databases as [SQLite.Database, SQLite.Database];
  shop = new Kysely<Shop>({ dialect: new GroupCommitSqliteDialect(mine, null, null), log: (event) => void sent.push(event.query.sql) });
  stock = new Kysely<Shop>({ dialect: new SqliteDialect({ database: theirs }) });
  await fill(shop);
  await fill(stock);
});

afterAll(async () => {
  await shop.destroy();
  await stock.destroy();
});

type Read = (db: Kysely<Shop>, v: { owner: number | string; qty: number; text: string; limit: number; offset: number }) => Promise<unknown>;

/** The shapes of reads the shop writes: equality with ORDER BY and LIMIT, IN lists, ranges, LIKE, casts, full-text search, aggregates. */
const reads: [string, Read][] = [
  [
    'equality, ordered, one page',
    (db, v) => db.selectFrom('items').selectAll().where('owner', '=', v.owner).orderBy('qty').orderBy('id').limit(v.limit).offset(v.offset).execute(),
  ],
  [
    'an IN list and a range',
    (db, v) => db.selectFrom('items').select(['id', 'qty']).where('owner', 'in', [v.owner, 3]).where('qty', '>=', v.qty).orderBy('id desc').execute(),
  ],
  ['a text compared with an integer column', (db, v) => db.selectFrom('items').select('id').where('owner', '=', String(v.owner)).orderBy('id').execute()],
  [
    'is null and coalesce',
    (db, v) =>
      db
        .selectFrom('items')
        .select(['id', sql<number>`coalesce(price, ${v.qty})`.as('p')])
        .where('note', 'is', null)
        .orderBy('id')
        .execute(),
  ],
  ['LIKE with a pattern', (db, v) => db.selectFrom('items').select('id').where('name', 'like', `%${v.text}%`).orderBy('id').execute()],
  [
    'a cast of a value',
    (db, v) =>
      db
        .selectFrom('items')
        .select('id')
        .where('qty', '=', sql<number>`cast(${String(v.qty)} as integer)`)
        .orderBy('id')
        .execute(),
  ],
  [
    'a value as a column',
    (db, v) =>
      db
        .selectFrom('items')
        .select(['id', sql<string>`${v.text}`.as('echo'), sql<number>`${v.qty} + qty`.as('more')])
        .where('id', '<', 4)
        .orderBy('id')
        .execute(),
  ],
  [
    'a count and a sum',
    (db, v) =>
      db
        .selectFrom('items')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('qty').as('s')])
        .where('owner', '=', v.owner)
        .executeTakeFirst(),
  ],
  [
    'full-text search',
    (db, v) =>
      v.text.length < 3
        ? Promise.resolve([])
        : db
            .selectFrom('items_fts')
            .select('rowid')
            .where(sql<boolean>`items_fts match ${`"${v.text.replace(/"/g, '""')}"`}`)
            .orderBy('rowid')
            .execute(),
  ],
];

describe('SQLite statements with every value written as +?', () => {
  it('read what the stock compiler reads, whatever the values, and send no bare ?', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          owner: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom('1', '2', ' 1', '1.0', 'x')),
          qty: fc.integer({ min: -2, max: 8 }),
          text: fc.constantFrom('prawn', 'fish', "'100%'", '_r', '%', 'er', 'Seer', 'zz', 'ing'),
          limit: fc.integer({ min: 0, max: 12 }),
          offset: fc.integer({ min: 0, max: 12 }),
        }),
        async (v) => {
          for (const [name, read] of reads) expect(await read(shop, v), name).toEqual(await read(stock, v));
        },
      ),
      { numRuns: 60 },
    );
    expect(sent.length).toBeGreaterThan(reads.length);
    expect(sent.filter((text) => /(?<!\+)\?/.test(text))).toEqual([]);
  });

  it('write what the stock compiler writes: updates with returning, upserts and deletes', async () => {
    const writes = async (db: Kysely<Shop>, owner: number) => {
      const updated = await db
        .updateTable('items')
        .set({ qty: sql<number>`qty + ${1}`, note: 'moved' })
        .where('owner', '=', owner)
        .where('qty', '<', 3)
        .returning(['id', 'qty'])
        .execute();
      const gone = await db.deleteFrom('items').where('owner', '=', owner).where('qty', '>', 6).returning('id').execute();
      const added = await db
        .insertInto('items')
        .values({ id: 1000 + owner, owner, name: 'Anchovy', qty: 2, price: 9.5, note: null })
        .onConflict((oc) => oc.column('id').doUpdateSet({ qty: sql<number>`qty + ${5}` }))
        .returning(['id', 'qty'])
        .execute();
      const after = await db.selectFrom('items').selectAll().where('owner', '=', owner).orderBy('id').execute();
      return { updated, gone, added, after };
    };
    for (const owner of [0, 1, 2, 3]) expect(await writes(shop, owner)).toEqual(await writes(stock, owner));
  });
});
