import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The company's coupon with this code, matched without regard to case (`code` upper case), active or not. */
export function findCouponByCode(db: Db, companyId: number, code: string) {
  return db.selectFrom('coupons').selectAll().where('company_id', '=', companyId).where(sql<string>`upper(code)`, '=', code).executeTakeFirst();
}

/** How many times the customer has the coupon reserved or used. */
export async function countCouponUses(db: Db, couponId: number, customerId: number): Promise<number> {
  const used = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('customer_id', '=', customerId)
    .where('status', 'in', ['RESERVED', 'USED'])
    .executeTakeFirstOrThrow();
  return Number(used.n);
}
