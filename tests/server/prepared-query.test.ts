import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Transaction } from 'kysely';
import { preparedQuery, preparedWrite } from '../../server/db/prepared-query.js';
import type { Database } from '../../server/db/schema.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const now = new Date().toISOString();
  await database.handle.db
    .insertInto('customers')
    .values(
      ['Asha', 'Ravi', 'Meera'].map((name, i) => ({
        company_id: 1 + (i % 2),
        mobile: `90000000${i}0`,
        name,
        email: '',
        wallet_balance: 0,
        loyalty_points: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
});
afterAll(async () => {
  await database?.dispose();
});

const byCompanyAndName = preparedQuery((db, companyId: number, name: string) =>
  db.selectFrom('customers').select(['name', 'company_id']).where('company_id', '=', companyId).where('name', '=', name).where('email', '=', ''),
);

describe('A prepared query', () => {
  it('answers each call with its own values, as the query built afresh would', async () => {
    const db = database.handle.db;
    for (const [companyId, name] of [
      [1, 'Asha'],
      [2, 'Ravi'],
      [1, 'Meera'],
      [2, 'Asha'],
      [1, 'Nobody'],
    ] as const) {
      const fresh = await db
        .selectFrom('customers')
        .select(['name', 'company_id'])
        .where('company_id', '=', companyId)
        .where('name', '=', name)
        .where('email', '=', '')
        .execute();
      expect(await byCompanyAndName(db, companyId, name)).toEqual(fresh);
    }
    expect(await byCompanyAndName(db, 1, 'Meera')).toEqual([{ name: 'Meera', company_id: 1 }]);
  });

  it('runs inside a transaction and sees its writes', async () => {
    const seen = await database.handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('customers').set({ name: 'Asha M' }).where('name', '=', 'Asha').execute();
      const rows = await byCompanyAndName(trx, 1, 'Asha M');
      return rows;
    });
    expect(seen).toEqual([{ name: 'Asha M', company_id: 1 }]);
  });

  it('refuses a query that does not pass its parameters through unchanged', async () => {
    const changed = preparedQuery((db, name: string) => db.selectFrom('customers').select('name').where('name', '=', name.toUpperCase()));
    await expect(changed(database.handle.db, 'Asha')).rejects.toThrow('parameter 0 must appear exactly once');
  });
});

const inIds = preparedQuery((db, companyId: number, ids: number[]) =>
  db.selectFrom('customers').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).orderBy('id'),
);
const renameWhere = preparedWrite((db, id: number, changes: { name?: string; email?: string; loyalty_points?: number }) =>
  db.updateTable('customers').set(changes).where('id', '=', id),
);
const insertEvents = preparedWrite((db, rows: { order_id: number; status: string; note: string; actor: 'system' | 'customer'; created_at: string }[]) =>
  db.insertInto('order_events').values(rows),
);

/** Runs `work` in a transaction that is then rolled back, and answers what it returned. */
async function rolledBack<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await database.handle.db
    .transaction()
    .execute(async (trx) => {
      out = await work(trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return out as T;
}
class RolledBack extends Error {}

describe('A prepared query with lists and rows', () => {
  it('answers an `in` list of any length, duplicates and beyond the kept shapes included, as the query built afresh would', async () => {
    const db = database.handle.db;
    const ids = (await db.selectFrom('customers').select('id').execute()).map((r) => r.id);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2),
        fc.array(fc.oneof(fc.constantFrom(...ids), fc.integer({ min: -5, max: 1000 })), { minLength: 1, maxLength: 60 }),
        async (companyId, list) => {
          const fresh = await db
            .selectFrom('customers')
            .select(['id', 'name'])
            .where('company_id', '=', companyId)
            .where('id', 'in', list)
            .orderBy('id')
            .execute();
          expect(await inIds(db, companyId, list)).toEqual(fresh);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes a row of any set of columns, as the statement built afresh would, and counts the rows it changed', async () => {
    const db = database.handle.db;
    const [asha] = await db.selectFrom('customers').select('id').where('mobile', '=', '9000000000').execute();
    const id = asha?.id ?? 0;
    const changes = fc.record(
      {
        name: fc.string({ maxLength: 12 }),
        email: fc.constantFrom('', 'a@example.com', "o'brien@example.com"),
        loyalty_points: fc.integer({ min: 0, max: 10_000 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        changes.filter((c) => Object.keys(c).length > 0),
        fc.constantFrom(id, 999_999),
        async (change, target) => {
          const read = (trx: Transaction<Database>) => trx.selectFrom('customers').selectAll().orderBy('id').execute();
          const expected = await rolledBack(async (trx) => {
            const moved = await trx.updateTable('customers').set(change).where('id', '=', target).executeTakeFirst();
            return { changed: Number(moved.numUpdatedRows), rows: await read(trx) };
          });
          const actual = await rolledBack(async (trx) => ({ changed: await renameWhere(trx, target, change), rows: await read(trx) }));
          expect(actual).toEqual(expected);
          expect(actual.changed).toBe(target === id ? 1 : 0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('inserts a list of rows of any length as the statement built afresh would', async () => {
    const row = fc.record({
      order_id: fc.integer({ min: 1, max: 5 }),
      status: fc.constantFrom('PLACED', 'CONFIRMED'),
      note: fc.string({ maxLength: 8 }),
      actor: fc.constantFrom('system' as const, 'customer' as const),
      created_at: fc.constant('2026-12-01T10:00:00.000Z'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
        const read = (trx: Transaction<Database>) =>
          trx.selectFrom('order_events').select(['order_id', 'status', 'note', 'actor', 'created_at']).orderBy('id').execute();
        const expected = await rolledBack(async (trx) => {
          await trx.insertInto('order_events').values(rows).execute();
          return read(trx);
        });
        const actual = await rolledBack(async (trx) => ({ changed: await insertEvents(trx, rows), rows: await read(trx) }));
        expect(actual.rows).toEqual(expected);
        expect(actual.changed).toBe(rows.length);
      }),
      { numRuns: 60 },
    );
  });

  it('sends a row holding an expression as it is, built afresh', async () => {
    const db = database.handle.db;
    const bump = preparedWrite((trx, id: number, changes: Record<string, unknown>) => trx.updateTable('customers').set(changes).where('id', '=', id));
    const [first] = await db.selectFrom('customers').select(['id', 'loyalty_points']).orderBy('id').limit(1).execute();
    const points = await rolledBack(async (trx) => {
      expect(await bump(trx, first?.id ?? 0, { loyalty_points: sql`loyalty_points + 7` })).toBe(1);
      return (
        await trx
          .selectFrom('customers')
          .select('loyalty_points')
          .where('id', '=', first?.id ?? 0)
          .executeTakeFirstOrThrow()
      ).loyalty_points;
    });
    expect(points).toBe((first?.loyalty_points ?? 0) + 7);
  });

  it('refuses a query that leaves out an element of a list or a column of a row', async () => {
    const db = database.handle.db;
    const firstOnly = preparedQuery((trx, ids: number[]) => trx.selectFrom('customers').select('id').where('id', 'in', ids.slice(0, 1)));
    await expect(firstOnly(db, [1, 2])).rejects.toThrow('parameter 0 must appear exactly once');
    const nameOnly = preparedWrite((trx, id: number, changes: { name: string; email: string }) =>
      trx.updateTable('customers').set({ name: changes.name }).where('id', '=', id),
    );
    await expect(nameOnly(db, 1, { name: 'x', email: 'y' })).rejects.toThrow('parameter 1 must appear exactly once');
  });
});
