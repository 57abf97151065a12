/** Shared pieces of the shop's command line (server/cli/shop.ts): its option readers, what a command runs with, and the product and order steps several commands take. */
import { type AppConfig } from '../config/env.js';
import { type DatabaseHandle } from '../db/database.js';
import { LiveUpdates, type CatalogueChange, type CustomerChange } from '../hub/live-updates.js';
import { ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus } from '../services/order-lifecycle.js';
import { moveOrderStatus } from '../services/order-service.js';
import { OutboxMailSender } from '../senders/mail-sender.js';
import { HttpSmsSender, OutboxSmsSender } from '../senders/sms-sender.js';
import { type RestockDeps } from '../services/stock-notice-service.js';
import { toPaise } from '../lib/money.js';
import type { OrderDeps } from '../services/service-deps.js';
import { findProductNaming, findVariantName, productInActiveOffer } from '../repositories/product-repository.js';
import { findStockRow } from '../repositories/stock-repository.js';
import { findOrderStatus } from '../repositories/order-repository.js';

export class CliError extends Error {}

export type Options = Record<string, string | boolean | undefined>;

/** One command: it reads its options, changes the shop and says what it did (or throws CliError). */
export type Command = (shop: Shop, options: Options) => Promise<void>;

export function positiveInt(options: Options, name: string, required: true): number;
export function positiveInt(options: Options, name: string, required: false): number | undefined;
export function positiveInt(options: Options, name: string, required: boolean): number | undefined {
  const raw = options[name];
  if (raw === undefined) {
    if (required) throw new CliError(`--${name} is required.`);
    return undefined;
  }
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1)
    throw new CliError(`--${name} must be a whole number above 0 (got "${String(raw)}").`);
  return value;
}

export function rupees(options: Options, name: string): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0)
    throw new CliError(`--${name} must be an amount in rupees above 0, e.g. 450 or 449.50 (got "${String(raw)}").`);
  return toPaise(Number(raw));
}

export interface Shop {
  handle: DatabaseHandle;
  config: AppConfig;
  live: LiveUpdates;
  announcements: (({ kind: 'catalogue' } & CatalogueChange) | ({ kind: 'customer' } & CustomerChange))[];
  out: (line: string) => void;
  /** The running server (--server, SHOP_SERVER_URL, PUBLIC_URL, or this machine's PORT). */
  server: string;
}

export interface Target {
  productId: number;
  variantId: number;
  companyId: number;
  branchId: number;
  name: string;
}

export async function target(shop: Shop, options: Options): Promise<Target> {
  const db = shop.handle.db;
  const productId = positiveInt(options, 'product', true);
  const variantId = positiveInt(options, 'variant', false) ?? 0;
  const product = await findProductNaming(db, productId);
  if (!product) throw new CliError(`Product ${productId} was not found.`);
  let name = product.name;
  if (variantId !== 0) {
    const variantName = await findVariantName(db, productId, variantId);
    if (variantName === undefined) throw new CliError(`Variant ${variantId} is not a variant of product ${productId}.`);
    name = `${product.name} (${variantName})`;
  } else if (
    product.is_variant_enabled === 1 &&
    [options.rate, options.qty, options.gross, options.net, options.pieces, options.serves].some((v) => v !== undefined)
  ) {
    throw new CliError(`${product.name} is sold in variants; name one with --variant.`);
  }
  const branchId = positiveInt(options, 'branch', false) ?? shop.config.defaultBranchId;
  return { productId, variantId, companyId: product.company_id, branchId, name };
}

/** Every screen that may show the product: lists, detail, and offers that include it. */
export async function announceProduct(shop: Shop, t: Target, branchId: number | null): Promise<void> {
  const base = { kind: 'catalogue' as const, companyId: t.companyId, branchId, ids: [t.productId] };
  shop.announcements.push({ ...base, type: 'Product' }, { ...base, type: 'ProductDetails' });
  if (await productInActiveOffer(shop.handle.db, t.companyId, t.productId)) shop.announcements.push({ ...base, type: 'OfferProducts' });
}

export async function stockRow(shop: Shop, t: Target) {
  const row = await findStockRow(shop.handle.db, { branchId: t.branchId, productId: t.productId, variantId: t.variantId });
  if (!row) throw new CliError(`${t.name} is not stocked in branch ${t.branchId}.`);
  return row;
}

export function statusName(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

export async function orderToMove(shop: Shop, orderId: number) {
  const order = await findOrderStatus(shop.handle.db, orderId);
  if (!order) throw new CliError(`Order ${orderId} was not found.`);
  return order;
}

/** One shop move through the order service, which gives back money and points as the move requires. */
export async function move(shop: Shop, orderId: number, order: { status: string; order_no: string }, to: OrderStatus): Promise<void> {
  try {
    await moveOrderStatus(orderDeps(shop), { orderId, to, actor: 'shop', note: 'Moved by the shop' });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  shop.out(`Order ${order.order_no}: ${statusName(order.status)} → ${ORDER_STATUS_LABELS[to]}.`);
}

/**
 * What the order service needs, around the CLI's database: its live announcements are collected
 * here and forwarded to the running server, and mail goes to the same outbox the server uses.
 */
export function orderDeps(shop: Shop): OrderDeps {
  return {
    db: shop.handle.db,
    dialect: shop.handle.dialect,
    live: shop.live,
    mail: new OutboxMailSender(shop.config.dataDir),
    log: { error: (details, message) => console.error(message, details) },
  };
}

/** Customers waiting for a restock are texted through the server's SMS settings and pushed live through the server. */
export function restockDeps(shop: Shop): RestockDeps {
  const config = shop.config;
  return {
    db: shop.handle.db,
    live: shop.live,
    sms: config.smsHttpUrl ? new HttpSmsSender(config.smsHttpUrl, config.smsHttpToken) : new OutboxSmsSender(config.dataDir, () => undefined),
    log: { error: (details, message) => console.error(message, details) },
    shopUrl: config.publicUrl,
  };
}
