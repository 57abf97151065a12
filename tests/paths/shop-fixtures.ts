/**
 * What a path needs to find in the shop before the browser starts: a customer with an
 * address and a cart, unpaid orders left behind, a paid order, a wallet balance. All of it
 * through the real server's API and the payment sandbox, as another device would.
 */
import type { LoginSession } from '../helpers/login.js';

interface Envelope<T> {
  Success: boolean;
  Message: string;
  Data: T;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ShopProduct {
  productId: number;
  variantId: number;
  name: string;
  price: number;
  stockQty: number;
}

export interface UnpaidOrder {
  OrderId: number;
  OrderNo: string;
  NetAmount: number;
  providerOrderId: string;
}

export const SUCCESS_CARD = '4111 1111 1111 1111';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** The shop's API as one customer (or a visitor) sees it. */
export class ShopApi {
  constructor(
    readonly baseUrl: string,
    readonly session: LoginSession | null,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = path.startsWith('/') ? `${this.baseUrl}${path}` : `${this.baseUrl}/api/${path}`;
    const res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.session ? { authorization: `Bearer ${this.session.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Envelope<T> & T;
    if (!res.ok) throw new ApiError(res.status, `${method} ${path} answered ${res.status}: ${json.Message ?? JSON.stringify(json)}`);
    return path.startsWith('/') ? json : json.Data;
  }

  /** A product of the demo catalogue without variants, priced within [min, max] rupees, with stock to spare. */
  async productPriced(min: number, max: number, minStock = 40): Promise<ShopProduct> {
    const rows = await this.call<
      {
        productId: number;
        variantId: number;
        name: string;
        variantName?: string;
        isStockAvailable: boolean;
        stockQty: number;
        sRate: number;
        oRate: number | null;
        active: boolean;
        isVariantEnabled: boolean;
      }[]
    >('GET', 'products?companyId=1&branchId=1&pageNumber=1&pageSize=100');
    const found = rows
      .map((p) => ({ ...p, price: p.oRate || p.sRate }))
      .find((p) => p.active && p.isStockAvailable && !p.isVariantEnabled && p.stockQty >= minStock && p.price >= min && p.price <= max);
    if (!found) throw new Error(`The demo catalogue has no plain product in stock priced ₹${min}–₹${max}`);
    return { productId: found.productId, variantId: found.variantId, name: found.name, price: found.price, stockQty: found.stockQty };
  }

  async addAddress(): Promise<number> {
    const address = await this.call<{ AddressId: number }>('POST', 'Address', {
      Name: 'Asha Menon',
      Phone: (this.session?.mobile ?? '9847012345').slice(-10),
      House: '4, Sea View Apartments',
      Street: 'Beach Road',
      City: 'Kochi',
      State: 'Kerala',
      Pincode: '682001',
      IsDefault: true,
    });
    return address.AddressId;
  }

  async cart(): Promise<{ lines: { productId: number; variantId: number; cartQty: number }[]; totalQty: number; subTotal: number }> {
    return this.call('GET', 'Cart?branchId=1&pageNumber=1&pageSize=50');
  }

  /** Leaves exactly `qty` of one product in the cart. */
  async setCart(product: ShopProduct, qty: number): Promise<void> {
    const cart = await this.cart();
    for (const line of cart.lines) await this.call('DELETE', `Cart/1/${line.productId}/${line.variantId}`);
    if (qty > 0) await this.call('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=${qty}&id=0&pageNumber=1&pageSize=10`);
  }

  async firstSlot(): Promise<number> {
    const slots = await this.call<{ DeliveryId: number }[]>('GET', 'DeliverySlot/web/1?branchId=1');
    const slot = slots[0];
    if (!slot) throw new Error('The shop offers no delivery slot');
    return slot.DeliveryId;
  }

  /** Orders what is in the cart for cash on delivery with a new address and the first slot; the cart is empty afterwards. */
  async placeCodOrder(): Promise<{ OrderId: number; OrderNo: string }> {
    const addressId = await this.addAddress();
    const deliveryId = await this.firstSlot();
    const order = await this.call<{ OrderId: number; OrderNo: string }>('POST', 'Order/summary?branchId=1', {
      deliveryId,
      addressId,
      isWalletLoyality: false,
      isWalletAmount: false,
      paymentMethod: 'COD',
    });
    await this.call('POST', `Order/placeOrder/${order.OrderId}/Proccess`);
    return order;
  }

  /** Orders the cart online up to the card window, then leaves it there (a tab closed mid-payment). */
  async leaveUnpaidOrder(addressId: number, options: { isWalletAmount?: boolean } = {}): Promise<UnpaidOrder> {
    const deliveryId = await this.firstSlot();
    const order = await this.call<{ OrderId: number; OrderNo: string; NetAmount: number }>('POST', 'Order/summary?branchId=1', {
      deliveryId,
      addressId,
      isWalletLoyality: false,
      isWalletAmount: options.isWalletAmount ?? false,
      paymentMethod: 'ONLINE',
    });
    const placed = await this.call<{ Data: string; Status: string }>('POST', `Order/placeOrder/${order.OrderId}/Proccess`);
    return { OrderId: order.OrderId, OrderNo: order.OrderNo, NetAmount: order.NetAmount, providerOrderId: placed.Data };
  }

  /** Pays an order's provider order with a test card in the sandbox, as its card window would. */
  async payInSandbox(
    providerOrderId: string,
    card = SUCCESS_CARD,
  ): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }> {
    const config = await this.call<{ KeyId: string }>('GET', 'Payment/config');
    return this.call('POST', '/sandbox/checkout/pay', { key_id: config.KeyId, order_id: providerOrderId, card_number: card, expiry: '12/34', cvv: '123' });
  }

  /** Cancels every order of this customer still awaiting payment. */
  async cancelUnpaidOrders(): Promise<void> {
    const records = await this.call<{ OrderId: number }[]>('GET', 'Order/checkPayment');
    for (const r of records) await this.call('POST', `Order/placeOrder/${r.OrderId}/Cancel`).catch(() => undefined);
  }

  async orderStatus(orderId: number): Promise<string> {
    const order = await this.call<{ StatusCode?: string; OrderStatus?: string }>('GET', `Order/${orderId}`);
    return order.StatusCode ?? order.OrderStatus ?? '';
  }

  /** Status codes of the customer's orders, newest first. */
  async orderStatuses(): Promise<{ OrderId: number; OrderNo: string; StatusCode: string }[]> {
    const id = this.session?.customerId ?? 0;
    return this.call('GET', `Order/customer/${id}?filterType=all&pageNumber=1&pageSize=50`);
  }
}

/** Gives the customer a wallet balance worth one order of `qty` of a product: paid, then cancelled to the wallet. */
export async function creditWalletWithOneOrder(api: ShopApi, addressId: number, product: ShopProduct, qty: number): Promise<number> {
  const before = await api.cart();
  await api.setCart(product, qty);
  const order = await api.leaveUnpaidOrder(addressId);
  const payment = await api.payInSandbox(order.providerOrderId);
  await api.call('POST', 'Order/payment/verify', payment);
  await api.call('PUT', `Order/cancel/${order.OrderId}`);
  const kept = before.lines.find((l) => l.productId === product.productId);
  await api.setCart(product, kept?.cartQty ?? 0);
  return order.NetAmount;
}

export interface PlacedOrder {
  OrderId: number;
  OrderNo: string;
  NetAmount: number;
}

/** The latest delivery slot that still has room (early ones fill up as a test file places orders). */
export async function slotWithRoom(api: ShopApi): Promise<number> {
  const slots = await api.call<{ DeliveryId: number; Available: number }[]>('GET', 'DeliverySlot/web/1?branchId=1');
  const slot = slots.filter((s) => s.Available > 0).at(-1);
  if (!slot) throw new Error('The shop has no delivery slot with room');
  return slot.DeliveryId;
}

/** Orders `qty` of a product for cash on delivery, as checkout would: the order is Placed. */
export async function placeCashOrder(api: ShopApi, product: ShopProduct, addressId: number, qty = 2): Promise<PlacedOrder> {
  await api.setCart(product, qty);
  const order = await api.call<PlacedOrder>('POST', 'Order/summary?branchId=1', {
    deliveryId: await slotWithRoom(api),
    addressId,
    isWalletLoyality: false,
    isWalletAmount: false,
    paymentMethod: 'COD',
  });
  await api.call('POST', `Order/placeOrder/${order.OrderId}/Proccess`);
  return order;
}

/**
 * The shop owner's command line (`npm run shop -- ...`, docs/shop-cli.md) on the server's data,
 * run in this process. It tells the running server, which pushes the change live; with
 * `unannounced` it names a closed port instead, so open pages learn of it only when they next load.
 * Returns what the command printed; throws when it refused or failed.
 */
export async function shopCommand(
  server: { url: string; port: number; dataDir: string },
  args: string[],
  options: { unannounced?: boolean } = {},
): Promise<string> {
  const { runShop } = await import('../../server/cli/shop.js');
  const said: string[] = [];
  const target = options.unannounced ? 'http://127.0.0.1:9' : server.url;
  const code = await runShop(
    [...args, '--server', target],
    { ...process.env, DATA_DIR: server.dataDir, PORT: String(server.port), DATABASE_URL: '', REDIS_URL: '', PUBLIC_URL: server.url },
    (line: string) => said.push(line),
    (line: string) => said.push(line),
  );
  const expected = options.unannounced ? 2 : 0;
  if (code !== expected) throw new Error(`shop ${args.join(' ')} exited ${code}: ${said.join('\n')}`);
  return said.join('\n');
}
