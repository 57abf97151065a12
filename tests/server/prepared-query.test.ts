import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../server/db/prepared-query.js';
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
