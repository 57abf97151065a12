import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The company's coupon with this code, matched without regard to case (`code` upper case), active or not. */
export function findCouponByCode(db: Db, companyId: number, code: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('company_id', '=', companyId)
    .where(sql<string>`upper(code)`, '=', code)
    .executeTakeFirst();
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

/**
 * The company's active coupons valid at `now` that the customer has not used up, ending soonest
 * first. Reserved redemptions count too: an order awaiting payment already holds the coupon.
 */
export function listUsableCoupons(db: Db, query: { companyId: number; customerId: number; now: string }) {
  const used = sql<number>`(select count(*) from coupon_redemptions r
    where r.coupon_id = coupons.id and r.customer_id = ${query.customerId} and r.status in ('RESERVED', 'USED'))`;
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('company_id', '=', query.companyId)
    .where('active', '=', 1)
    .where('valid_from', '<=', query.now)
    .where('valid_to', '>=', query.now)
    .where(sql<boolean>`${used} < coupons.per_customer_limit`)
    .orderBy('valid_to')
    .orderBy('id')
    .execute();
}
