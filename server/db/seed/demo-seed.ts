import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { SqlDialect } from '../database.js';

/** Seeds the demo shop once: company 1 with two branches and its catalogue. */
export async function seedDemoShop(db: Kysely<Database>, _dialect: SqlDialect): Promise<void> {
  const existing = await db.selectFrom('companies').select('id').where('id', '=', 1).executeTakeFirst();
  if (existing) return;
  const now = new Date().toISOString();
  await db.insertInto('companies').values({
    id: 1, name: 'Shoal Fresh Fish & Grocery', display_name: 'Shoal Fresh', currency_symbol: '₹', currency_code: 'INR',
    decimal_value: 2, phone: '+91 484 400 1234', email: 'care@shoal.example', address: 'Fort Kochi, Kerala 682001',
    about: 'Fresh catch from the Kerala coast, cleaned and cut to order.', theme_color: '#1565C0', logo: '/images/logo.svg',
    return_window_hours: 48, created_at: now,
  }).execute();
  await db.insertInto('settings').values([
    { company_id: 1, key_code: 'DELIVERY OFFER AMOUNT', value: '999', active: 1, description: 'Free delivery at or above this order value (rupees)' },
    { company_id: 1, key_code: 'DELIVERY CHARGE', value: '49', active: 1, description: 'Delivery charge below the free-delivery amount (rupees)' },
  ]).execute();
}
