import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NoticeLine {
  branchId: number;
  productId: number;
  variantId: number;
}

const NOTICE_COLUMNS = ['id', 'branch_id', 'product_id', 'variant_id', 'status', 'created_at', 'sent_at'] as const;

/** The customer's notices still waiting for a restock, oldest first. */
export function listWaitingNotices(db: Db, customerId: number) {
  return db
    .selectFrom('stock_notices')
    .select(NOTICE_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'WAITING')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countWaitingNotices(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('stock_notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('status', '=', 'WAITING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The customer's notice for one line, whatever its status; another customer's is never found. */
export function findCustomerNotice(db: Db, customerId: number, line: NoticeLine) {
  return db
    .selectFrom('stock_notices')
    .select(NOTICE_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('branch_id', '=', line.branchId)
    .where('product_id', '=', line.productId)
    .where('variant_id', '=', line.variantId)
    .executeTakeFirst();
}

/**
 * Makes the customer's notice for the line wait: a new row, or the row of a notice already sent
 * waiting again. Two presses at once meet the unique line and leave one row.
 */
export async function upsertWaitingNotice(db: Db, notice: { companyId: number; customerId: number; at: string } & NoticeLine): Promise<void> {
  await db
    .insertInto('stock_notices')
    .values({
      company_id: notice.companyId,
      customer_id: notice.customerId,
      branch_id: notice.branchId,
      product_id: notice.productId,
      variant_id: notice.variantId,
      status: 'WAITING',
      created_at: notice.at,
      sent_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'branch_id', 'product_id', 'variant_id'])
        .doUpdateSet({ status: 'WAITING', created_at: notice.at, sent_at: null })
        .where('stock_notices.status', '=', 'SENT'),
    )
    .execute();
}

/** Removes a waiting notice of the customer; false when the customer has no such notice. */
export async function deleteWaitingNotice(db: Db, customerId: number, noticeId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('stock_notices')
    .where('id', '=', noticeId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'WAITING')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The notices waiting for a line in a branch, with the mobile number of each customer. */
export function listNoticesWaitingFor(db: Db, line: NoticeLine) {
  return db
    .selectFrom('stock_notices as n')
    .innerJoin('customers as c', 'c.id', 'n.customer_id')
    .select(['n.id', 'n.customer_id', 'n.company_id', 'c.mobile'])
    .where('n.branch_id', '=', line.branchId)
    .where('n.product_id', '=', line.productId)
    .where('n.variant_id', '=', line.variantId)
    .where('n.status', '=', 'WAITING')
    .orderBy('n.id')
    .execute();
}

/**
 * Claims a waiting notice for sending: one conditional UPDATE, so of two restocks (or two
 * instances) racing for the same notice exactly one gets it.
 */
export async function claimNotice(db: Db, noticeId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('stock_notices')
    .set({ status: 'SENT', sent_at: at })
    .where('id', '=', noticeId)
    .where('status', '=', 'WAITING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
