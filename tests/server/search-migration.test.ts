import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { migrateToLatest } from '../../server/db/database.js';
import { migrationList } from '../../server/db/migrations/migration-list.js';
import { listProducts } from '../../server/repositories/catalogue-repository.js';
import { searchCatalogue } from '../../server/repositories/search-repository.js';

/** A shop that ran up to migration 008 with its catalogue in place, then migrates to the forgiving search. */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const { handle } = database;
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(Object.fromEntries(migrationList.map(([name, make]) => [name, make(handle.dialect) as Migration]))),
  };
  const migrator = new Migrator({ db: handle.db, provider, ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}) });
  const before = await migrator.migrateTo('008-product-ratings');
  expect(before.error).toBeUndefined();
  const now = new Date().toISOString();
  await handle.db.insertInto('categories').values({ id: 1, company_id: 1, name: 'Sea Fish', description: '', image: '', sort_order: 0, active: 1 }).execute();
  const product = (id: number, name: string) => ({
    id,
    company_id: 1,
    category_id: 1,
    name,
    description: 'Cleaned and cut.',
    image: '',
    unit_label: '',
    is_variant_enabled: 0,
    active: 1,
    search_text: `${name} sea fish cleaned and cut.`.toLowerCase(),
    sort_order: id,
    created_at: now,
    updated_at: now,
  });
  await handle.db
    .insertInto('products')
    .values([product(1, 'Kingfish (Seer) – Neymeen'), product(2, 'Indian Mackerel – Ayala')])
    .execute();
  await handle.db
    .insertInto('branch_stock')
    .values(
      [1, 2].map((id) => ({
        branch_id: 1,
        product_id: id,
        variant_id: 0,
        s_rate: 100_00,
        o_rate: null,
        available: 5,
        reserved: 0,
        sold: 0,
        active: 1,
        updated_at: now,
      })),
    )
    .execute();
  await migrateToLatest(handle);
});

afterAll(async () => {
  await database.dispose();
});

describe('migration 009 on a shop with its catalogue in place', () => {
  it('indexes the products already there and adds the demo’s other names to them', async () => {
    const { db } = database.handle;
    const aliases = await db.selectFrom('search_aliases').select(['product_id', 'alias']).where('product_id', '=', 1).execute();
    expect(aliases.map((a) => a.alias)).toContain('surmai');
    const kingfish = await db.selectFrom('products').select('search_text').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(kingfish.search_text).toContain('surmai');
    const found = await searchCatalogue(db, { companyId: 1, query: 'kingfsh', productLimit: 10, categoryLimit: 5 });
    expect(found.products.map((p) => p.id)).toEqual([1]);
    expect(found.correction).toBe('kingfish');
  });

  it('lists the products found by their other names, typos and words, through the new indexes', async () => {
    const { db } = database.handle;
    const names = async (search: string) => (await listProducts(db, { companyId: 1, branchId: 1, search })).items.map((p) => p.name);
    expect(await names('surmai')).toEqual(['Kingfish (Seer) – Neymeen']);
    expect(await names('bangda')).toEqual(['Indian Mackerel – Ayala']);
    // A typo: the mackerel first, then the kingfish by its other name "king mackerel".
    expect(await names('makerel')).toEqual(['Indian Mackerel – Ayala', 'Kingfish (Seer) – Neymeen']);
    expect(await names('sea fish')).toEqual(['Kingfish (Seer) – Neymeen', 'Indian Mackerel – Ayala']);
  });

  it('keeps the list search in step with a product renamed after the migration', async () => {
    const { db } = database.handle;
    await db.updateTable('products').set({ search_text: 'pearl spot – karimeen sea fish' }).where('id', '=', 2).execute();
    const found = await listProducts(db, { companyId: 1, branchId: 1, search: 'karimeen' });
    expect(found.items.map((p) => p.productId)).toEqual([2]);
    const mackerel = await listProducts(db, { companyId: 1, branchId: 1, search: 'mackerel' });
    expect(mackerel.items.map((p) => p.productId)).toEqual([1]);
  });
});
