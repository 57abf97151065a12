import { apiLogin, uniqueMobile, type LoginSession } from './login.js';
import type { ShopServer } from './shop-server.js';

interface Envelope<T> {
  Success: boolean;
  Message: string;
  Data: T;
}

export interface ProductRow {
  productId: number;
  variantId: number;
  name: string;
  isStockAvailable: boolean;
  stockQty: number;
  isVariantEnabled: boolean;
}

/** Calls the shop's API as a customer (or anyone, without a session) and answers the envelope's Data. */
export function shopApi(server: ShopServer) {
  return async function api<T>(session: LoginSession | null, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}/api/${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${envelope.Message}`);
    return envelope.Data;
  };
}

/** A logged-in customer with two units of an in-stock product in the cart and a saved address. */
export async function shopperWithCart(server: ShopServer): Promise<LoginSession & { productName: string }> {
  const api = shopApi(server);
  const session = await apiLogin(server.url, server.dataDir, uniqueMobile());
  const products = await api<ProductRow[]>(null, 'GET', 'products?companyId=1&branchId=1&pageNumber=1&pageSize=40');
  const product = products.find((p) => p.isStockAvailable && p.stockQty >= 10);
  if (!product) throw new Error('The seeded catalogue has no product in stock');
  await api(session, 'PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=2&id=0&pageNumber=1&pageSize=10`);
  await api(session, 'POST', 'Address', {
    Name: 'Asha Menon',
    Phone: session.mobile.slice(-10),
    House: '4, Sea View Apartments',
    Street: 'Beach Road',
    City: 'Kochi',
    State: 'Kerala',
    Pincode: '682001',
    IsDefault: true,
  });
  return { ...session, productName: product.name };
}
