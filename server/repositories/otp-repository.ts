import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../db/database.js';
import type { OtpCodeTable } from '../db/customer-tables.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Serialises concurrent code requests for one key (a number, an IP) until the transaction ends:
 * a transaction-scoped advisory lock on PostgreSQL; SQLite runs one transaction at a time, so
 * nothing is taken there.
 */
export async function lockOtpKey(trx: Transaction<Database>, dialect: SqlDialect, key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** When codes were sent to a number since `since`, newest first, at most `limit`. */
export function codesSentToNumber(db: Db, request: { companyId: number; mobile: string }, since: string, limit: number) {
  return db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('company_id', '=', request.companyId)
    .where('mobile', '=', request.mobile)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** When codes were asked for from an IP address since `since`, newest first, at most `limit`. */
export function codesSentFromIp(db: Db, clientIp: string, since: string, limit: number) {
  return db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Voids every code of a number not yet consumed (a new one replaces them). */
export async function voidOpenCodes(db: Db, companyId: number, mobile: string, at: string): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ consumed_at: at })
    .where('company_id', '=', companyId)
    .where('mobile', '=', mobile)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertOtpCode(db: Db, values: Insertable<OtpCodeTable>): Promise<number> {
  return (await db.insertInto('otp_codes').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteOtpCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('otp_codes').where('id', '=', id).execute();
}

/** The latest code sent to a number, consumed or not. */
export function findLatestCode(db: Db, companyId: number, mobile: string) {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one wrong try on an open code still under `maxWrongTries`, in one guarded statement so
 * parallel guesses cannot get past the limit; answers the tries counted, or undefined when the
 * code was consumed or locked meanwhile.
 */
export async function countWrongTry(db: Db, id: number, maxWrongTries: number): Promise<number | undefined> {
  const counted = await db
    .updateTable('otp_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxWrongTries)
    .returning('attempts')
    .executeTakeFirst();
  return counted?.attempts;
}

/** Voids one code if it is still open. */
export async function voidCode(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('otp_codes').set({ consumed_at: at }).where('id', '=', id).where('consumed_at', 'is', null).execute();
}

/**
 * Consumes a code that is still open, under `maxWrongTries` and unexpired at `at`: one guarded
 * update, so two logins racing with one code cannot both succeed. True when this call consumed it.
 */
export async function consumeCode(db: Db, id: number, at: string, maxWrongTries: number): Promise<boolean> {
  const consumed = await db
    .updateTable('otp_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxWrongTries)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}
