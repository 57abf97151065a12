import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The hours after delivery in which the company takes returns; undefined when there is no such company. */
export async function findReturnWindowHours(db: Db, companyId: number): Promise<number | undefined> {
  return (await db.selectFrom('companies').select('return_window_hours').where('id', '=', companyId).executeTakeFirst())?.return_window_hours;
}

/** How the shop signs and prices its mails (hot: every placed order's confirmation reads it). */
export const selectCompanyMailFacts = preparedQuery((db, id: number) =>
  db.selectFrom('companies').select(['display_name', 'email', 'currency_symbol']).where('id', '=', id),
);

/** The company's whole row; undefined when there is no such company. */
export function findCompany(db: Db, companyId: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

/** The company's active branches, lowest id first. */
export function listActiveBranches(db: Db, companyId: number) {
  return db.selectFrom('branches').selectAll().where('company_id', '=', companyId).where('active', '=', 1).orderBy('id').execute();
}

/** The company's information pages, lowest id first. */
export function listCompanyPages(db: Db, companyId: number) {
  return db.selectFrom('company_pages').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}
