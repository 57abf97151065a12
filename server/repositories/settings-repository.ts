import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One setting of a company, active or not; undefined when it is not set. */
export function findSetting(db: Db, companyId: number, keyCode: string) {
  return db.selectFrom('settings').select(['value', 'active']).where('company_id', '=', companyId).where('key_code', '=', keyCode).executeTakeFirst();
}

/** The company's settings among `keyCodes`, active or not, in one read. */
export const findSettings = preparedQuery((db, companyId: number, keyCodes: string[]) =>
  db.selectFrom('settings').select(['key_code', 'value', 'active']).where('company_id', '=', companyId).where('key_code', 'in', keyCodes),
);

/** Every setting of the company, active or not, lowest id first. */
export function listSettings(db: Db, companyId: number) {
  return db.selectFrom('settings').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}
