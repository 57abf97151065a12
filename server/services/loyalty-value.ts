import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { LOYALTY_POINT_VALUE_SETTING } from '../../contract/settings.keys.js';
import { findSetting } from '../repositories/settings-repository.js';

/** Loyalty earned on a delivered order: one point for every full ₹100 of its net amount. */
export const PAISE_PER_EARNED_POINT = 10_000;

/** The points an order earns once it is delivered. */
export function pointsEarned(order: { net_amount: number }): number {
  return Math.floor(order.net_amount / PAISE_PER_EARNED_POINT);
}

/** Without the setting a point is worth one rupee. */
export const DEFAULT_PAISE_PER_POINT = 100;

/** Paise one loyalty point is worth for a company (the active setting, else the default). */
export async function paisePerLoyaltyPoint(db: Kysely<Database> | Transaction<Database>, companyId: number): Promise<number> {
  const setting = await findSetting(db, companyId, LOYALTY_POINT_VALUE_SETTING);
  return pointValueOf(setting);
}

/**
 * The paise a point is worth by its settings row (missing, inactive or not a number: the
 * default). Never more than the ₹100 of spending that earns a point: a return refund can then
 * always pay for earned points the customer has already spent.
 */
export function pointValueOf(setting: { value: string; active: number } | undefined): number {
  const paise = setting && setting.active === 1 ? Number(setting.value) : NaN;
  return Number.isFinite(paise) && paise >= 0 ? Math.min(Math.round(paise), PAISE_PER_EARNED_POINT) : DEFAULT_PAISE_PER_POINT;
}
