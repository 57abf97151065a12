import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../../server/app.js';
import { createCustomer } from '../../helpers/customers.js';
import { PNG_1PX, multipart } from '../../helpers/upload-fixtures.js';
import { addAddress, addProduct, openSlot, payInSandbox, putInCart, standardSettings } from '../../server/order-fixtures.js';
import { buildShop, type Backend, type InProcessShop } from './backends.js';
import { FORGERY_SECRET, signToken, type Principal } from './tokens.js';
import type { TokenKind } from './malformed.js';

export type Customer = Awaited<ReturnType<typeof createCustomer>>;

/** Everything one customer owns, so a suite can tell whether any of it leaked or changed. */
export interface Holdings {
  customer: Customer;
  addressId: number;
  /** Awaiting payment, with a provider order. */
  waitingOrderId: number;
  waitingProviderOrderId: string;
  /** Paid online and placed. */
  paidOrderId: number;
  paidOrderNo: string;
  uploadName: string;
  productId: number;
}

export interface World {
  shop: InProcessShop;
  app: App;
  base: string;
  victim: Holdings;
  /** A second customer of the same company. */
  neighbour: Holdings;
  /** A customer of company 2. */
  foreigner: Customer;
  tokens: Record<TokenKind, string | null>;
  /** A token of the kind for one request: the customers' are signed anew, since signing out ends every token signed before. */
  tokenFor(kind: TokenKind): Promise<string | null>;
  close(): Promise<void>;
}

/** A loopback stand-in for the public geocoder (the suites never leave the machine). */
async function geocoderStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/search`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function call(app: App, customer: Customer, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: customer.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().Data;
}

/** Gives a customer a cart, an address, an order awaiting payment, a paid order, an upload, wallet and points. */
export async function furnish(world: { app: App; shop: InProcessShop }, customer: Customer): Promise<Holdings> {
  const { app } = world;
  const product = await addProduct(app, { sRate: 250, stock: 500 });
  const addressId = await addAddress(app, customer);
  const deliveryId = await openSlot(app, { capacity: 10_000 });
  const order = async () => {
    await putInCart(app, customer, product, 1);
    const created = await call(app, customer, 'POST', '/api/Order/summary?branchId=1', {
      deliveryId,
      addressId,
      paymentMethod: 'ONLINE',
      isWalletAmount: false,
      isWalletLoyality: false,
    });
    const processed = await call(app, customer, 'POST', `/api/Order/placeOrder/${created.OrderId}/Proccess`);
    return { orderId: created.OrderId as number, orderNo: created.OrderNo as string, providerOrderId: processed.Data as string };
  };
  const paid = await order();
  const pay = await payInSandbox({ app, config: world.shop.config } as never, paid.providerOrderId);
  await call(app, customer, 'POST', '/api/Order/payment/verify', pay.json());
  const waiting = await order();
  await putInCart(app, customer, product, 2);
  const upload = multipart(PNG_1PX, 'photo.png', 'image/png');
  const uploaded = await app.inject({ method: 'POST', url: '/api/Product/images', headers: { ...customer.auth, ...upload.headers }, payload: upload.payload });
  return {
    customer,
    addressId,
    waitingOrderId: waiting.orderId,
    waitingProviderOrderId: waiting.providerOrderId,
    paidOrderId: paid.orderId,
    paidOrderNo: paid.orderNo,
    uploadName: String(uploaded.json().Data.FileName),
    productId: product.productId,
  };
}

/** Builds the app on a fresh database of the backend, listening on loopback, with two furnished customers and a foreign one. */
export async function buildWorld(backend: Backend): Promise<World> {
  const geocoder = await geocoderStub();
  const { freePort } = await import('../../helpers/shop-server.js');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shop = await buildShop(backend, {
    publicUrl: base,
    razorpayBaseUrl: `${base}/sandbox/razorpay`,
    paymentProvider: 'sandbox',
    geocoderUrl: geocoder.url,
  });
  const { app } = shop;
  await app.listen({ port, host: '127.0.0.1' });
  await standardSettings(app);
  const world = { app, shop };
  const victim = await furnish(world, await createCustomer(app, { name: 'Victoria Victim', walletPaise: 50_000, loyaltyPoints: 40 }));
  const neighbour = await furnish(world, await createCustomer(app, { name: 'Nina Neighbour', walletPaise: 10_000 }));
  const foreigner = await createCustomer(app, { companyId: 2, name: 'Farid Foreign' });
  const principal: Principal = { customerId: neighbour.customer.id, companyId: 1 };
  const tokens: Record<TokenKind, string | null> = {
    none: null,
    valid: neighbour.customer.token,
    forged: await signToken(FORGERY_SECRET, { customerId: victim.customer.id, companyId: 1 }),
    expired: await app.tokens.sign(principal, -60),
    garbage: 'abc.def.ghi',
    otherCompany: foreigner.token,
  };
  return {
    shop,
    app,
    base,
    victim,
    neighbour,
    foreigner,
    tokens,
    async tokenFor(kind) {
      if (kind === 'valid') return app.tokens.sign(principal);
      if (kind === 'otherCompany') return app.tokens.sign({ customerId: foreigner.id, companyId: foreigner.companyId });
      return tokens[kind];
    },
    async close() {
      await shop.close();
      await geocoder.close();
    },
  };
}
