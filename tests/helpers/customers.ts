import type { App } from '../../server/app.js';

let counter = 0;

/** A unique valid Indian mobile number for a test customer. */
export function testMobile(): string {
  counter += 1;
  return `9${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter % 1000).padStart(3, '0')}`;
}

/** Creates a customer directly in the database and signs a token for them. */
export async function createCustomer(
  app: App,
  options: { companyId?: number; mobile?: string; name?: string; walletPaise?: number; loyaltyPoints?: number } = {},
): Promise<{ id: number; companyId: number; token: string; mobile: string; auth: { authorization: string } }> {
  const companyId = options.companyId ?? 1;
  const mobile = options.mobile ?? testMobile();
  const now = new Date().toISOString();
  const row = await app.db
    .insertInto('customers')
    .values({
      company_id: companyId,
      mobile,
      name: options.name ?? 'Test Customer',
      email: '',
      wallet_balance: 0,
      loyalty_points: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { postWallet, postLoyalty } = await import('../../server/services/ledger.js');
  if (options.walletPaise) await postWallet(app.db, row.id, options.walletPaise, 'Opening balance', null);
  if (options.loyaltyPoints) await postLoyalty(app.db, row.id, options.loyaltyPoints, 'Opening points', null);
  const token = await app.tokens.sign({ customerId: row.id, companyId });
  return { id: row.id, companyId, token, mobile, auth: { authorization: `Bearer ${token}` } };
}
