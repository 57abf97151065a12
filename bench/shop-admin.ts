import { openDatabase } from '../server/db/database.js';
import { SHOP_ADMIN_SECRET } from '../server/hub/hub-announce.js';
import type { ShopServer } from '../tests/helpers/shop-server.js';

/** The shop's command-line secret, read from the running shop's database as its command line reads it. */
export async function shopSecret(dataDir: string): Promise<string> {
  const handle = openDatabase({ dataDir });
  try {
    const row = await handle.db.selectFrom('app_secrets').select('value').where('name', '=', SHOP_ADMIN_SECRET).executeTakeFirstOrThrow();
    return row.value;
  } finally {
    await handle.close();
  }
}

/** Announces a change of product 1 of branch 1, as the shop's command line does after an edit: the catalogue's kept answers are renewed. */
export async function catalogueAnnouncer(shop: ShopServer): Promise<() => Promise<void>> {
  const secret = await shopSecret(shop.dataDir);
  return async () => {
    const res = await fetch(`${shop.url}/catalogueHub/announce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop-secret': secret },
      body: JSON.stringify({ kind: 'catalogue', companyId: 1, branchId: 1, type: 'Product', ids: [1] }),
    });
    if (!res.ok) throw new Error(`announce answered ${res.status}`);
  };
}
