import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { UploadTable } from '../db/customer-tables.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Files, bytes and the oldest upload time of what a customer uploaded since `since` (0, 0 and null for none). */
export async function uploadUsageSince(db: Db, customerId: number, since: string): Promise<{ files: number; bytes: number; oldest: string | null }> {
  const used = await db
    .selectFrom('uploads')
    .select([sql<number>`count(*)`.as('files'), sql<number>`coalesce(sum(size), 0)`.as('bytes'), sql<string | null>`min(created_at)`.as('oldest')])
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { files: Number(used.files), bytes: Number(used.bytes), oldest: used.oldest };
}

export async function insertUpload(db: Db, values: Insertable<UploadTable>): Promise<void> {
  await db.insertInto('uploads').values(values).execute();
}

/** True for an upload no order's return image names (the image is `urlPrefix` followed by the file name). */
const unreferenced = (urlPrefix: string) => sql<boolean>`not exists (select 1 from orders o where o.return_image = ${sql.lit(urlPrefix)} || uploads.file_name)`;

/** Uploads made before `before` that no order's return names, oldest first, at most `limit`. */
export function unreferencedUploadsBefore(db: Db, before: string, urlPrefix: string, limit: number) {
  return db
    .selectFrom('uploads')
    .select(['id', 'file_name'])
    .where('created_at', '<', before)
    .where(unreferenced(urlPrefix))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Deletes an upload's record if still no order's return names it: the condition is repeated in
 * the DELETE, so a return naming it meanwhile keeps it. True when this call deleted it.
 */
export async function deleteUploadIfUnreferenced(db: Db, id: number, urlPrefix: string): Promise<boolean> {
  const deleted = await db.deleteFrom('uploads').where('id', '=', id).where(unreferenced(urlPrefix)).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** Whether the customer made the upload stored under this name. */
export async function isUploadOf(db: Db, customerId: number, fileName: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('id').where('file_name', '=', fileName).where('customer_id', '=', customerId).executeTakeFirst();
  return row !== undefined;
}

/** The type of the upload stored under this name; undefined when there is none. */
export async function findUploadMime(db: Db, fileName: string): Promise<string | undefined> {
  return (await db.selectFrom('uploads').select('mime').where('file_name', '=', fileName).executeTakeFirst())?.mime;
}
