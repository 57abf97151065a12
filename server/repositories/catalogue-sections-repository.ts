import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Category, Offer, SpecialCategory } from '../../contract/catalogue.schemas.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The storefront's sections around its products: categories, special categories (home page
 * rails), offers, FAQs, and the company and branch lookups the catalogue routes check first.
 * Product lists and details are in catalogue-repository.ts.
 */

/** Active categories with how many active products each holds. */
export async function listCategories(db: Db, companyId: number): Promise<Category[]> {
  const rows = await db
    .selectFrom('categories as c')
    .leftJoin('products as p', (join) => join.onRef('p.category_id', '=', 'c.id').on('p.active', '=', 1))
    .select(['c.id', 'c.name', 'c.description', 'c.image', (eb) => eb.fn.count<number>('p.id').as('product_count')])
    .where('c.company_id', '=', companyId)
    .where('c.active', '=', 1)
    .groupBy(['c.id', 'c.name', 'c.description', 'c.image', 'c.sort_order'])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ categoryId: r.id, name: r.name, description: r.description, image: r.image, productCount: Number(r.product_count) }));
}

/** Active special categories (home page sections) in their order. */
export async function listSpecialCategories(db: Db, companyId: number): Promise<SpecialCategory[]> {
  const rows = await db
    .selectFrom('special_categories')
    .select(['id', 'name', 'description', 'image'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ specialCategoryId: r.id, name: r.name, description: r.description, image: r.image }));
}

function toOffer(r: {
  id: number;
  title: string;
  description: string;
  image: string;
  badge: string;
  category_id: number | null;
  starts_at: string;
  ends_at: string;
}): Offer {
  return {
    offerId: r.id,
    title: r.title,
    description: r.description,
    image: r.image,
    badge: r.badge,
    categoryId: r.category_id,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
  };
}

/** Offers running now for the branch (company-wide ones and the branch's own). */
export async function listOffers(db: Db, options: { companyId: number; branchId: number; now?: Date }): Promise<Offer[]> {
  const now = (options.now ?? new Date()).toISOString();
  const rows = await db
    .selectFrom('offers')
    .selectAll()
    .where('company_id', '=', options.companyId)
    .where('active', '=', 1)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .where((eb) => eb.or([eb('branch_id', 'is', null), eb('branch_id', '=', options.branchId)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toOffer);
}

export type OfferState = { state: 'running'; offer: Offer; companyId: number; branchId: number | null } | { state: 'unknown' | 'ended' | 'paused' };

/** An offer by id and whether it is running now. */
export async function findOffer(db: Db, offerId: number, now: Date = new Date()): Promise<OfferState> {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.active !== 1) return { state: 'paused' };
  const at = now.toISOString();
  if (row.starts_at > at || row.ends_at <= at) return { state: 'ended' };
  return { state: 'running', offer: toOffer(row), companyId: row.company_id, branchId: row.branch_id };
}

/** Active questions and answers in their order. */
export async function listFaqs(db: Db, companyId: number): Promise<{ FaqId: number; Question: string; Answer: string }[]> {
  const rows = await db
    .selectFrom('faqs')
    .select(['id', 'question', 'answer'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ FaqId: r.id, Question: r.question, Answer: r.answer }));
}

/** The company's row id if it exists. */
export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
}

const selectCompanyBranchIds = preparedQuery((db, companyId: number) =>
  db.selectFrom('branches').select('id').where('company_id', '=', companyId).where('active', '=', 1).orderBy('id'),
);

/** Active branch ids of a company, lowest first. */
export async function companyBranchIds(db: Db, companyId: number): Promise<number[]> {
  return (await selectCompanyBranchIds(db, companyId)).map((r) => r.id);
}

export interface CategoryRef {
  id: number;
  companyId: number;
  active: boolean;
}

export async function findCategory(db: Db, categoryId: number): Promise<CategoryRef | undefined> {
  const row = await db.selectFrom('categories').select(['id', 'company_id', 'active']).where('id', '=', categoryId).executeTakeFirst();
  return row ? { id: row.id, companyId: row.company_id, active: row.active === 1 } : undefined;
}

export async function findSpecialCategory(db: Db, specialCategoryId: number): Promise<CategoryRef | undefined> {
  const row = await db.selectFrom('special_categories').select(['id', 'company_id', 'active']).where('id', '=', specialCategoryId).executeTakeFirst();
  return row ? { id: row.id, companyId: row.company_id, active: row.active === 1 } : undefined;
}

/** The branch if it is an active branch of the company (hot: every cart change checks it). */
export const selectActiveBranch = preparedQuery((db, branchId: number, companyId: number) =>
  db.selectFrom('branches').select('id').where('id', '=', branchId).where('company_id', '=', companyId).where('active', '=', 1),
);
