/**
 * The shop owner's command line: `npm run shop -- <command> [options]` (docs/shop-cli.md).
 * It changes the shop's database directly (the same DATA_DIR / DATABASE_URL as the server)
 * and then tells the running server, so every open browser sees the change at once.
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../config/env.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.js';
import { LiveUpdates, type CatalogueChange, type CustomerChange } from '../hub/live-updates.js';
import { ANNOUNCE_PATH, SHOP_SECRET_HEADER, shopAdminSecret } from '../hub/hub-announce.js';
import { NEXT_SHOP_STATUS, ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus } from '../services/order-lifecycle.js';
import { moveOrderStatus } from '../services/order-service.js';
import { OutboxMailSender } from '../senders/mail-sender.js';
import { HttpSmsSender, OutboxSmsSender } from '../senders/sms-sender.js';
import { sendRestockNotices, type RestockDeps } from '../services/stock-notice-service.js';
import { toPaise } from '../lib/money.js';
import { formatPaise } from '../../contract/money.rules.js';
import { nowIso } from '../lib/clock.js';
import type { OrderDeps } from '../services/service-deps.js';
import { findProductNaming, findVariantName, productInActiveOffer, setProductActive, setVariantActive } from '../repositories/product-repository.js';
import { findStockRow, setStockActive, setStockAvailable, setStockRates } from '../repositories/stock-repository.js';
import { makePhotoSet, PhotoError } from '../services/product-photos.js';
import { removeProductPhoto, saveProductPhoto } from '../repositories/product-photo-repository.js';
import { findOrderStatus, getOrder, listRecentOrders } from '../repositories/order-repository.js';
import { addBranchPincodes, findBranch, listBranchPincodes, pincodesOfOtherBranches, removeBranchPincodes } from '../repositories/pincode-repository.js';
import { isPinCode } from '../../contract/delivery.rules.js';
import { findPackWeights, setPackWeights, type PackWeights } from '../repositories/product-repository.js';
import { recordPackedWeight } from '../services/catch-weight-service.js';
import { orderLinesForPacking } from '../repositories/order-weight-repository.js';
import { HEAVIER_PACK_TOLERANCE_PERCENT, compactWeightLine, formatGrams, pricePerKgPaise } from '../../contract/weight.rules.js';
import { HttpError } from '../lib/http-errors.js';

export const USAGE = `Usage: npm run shop -- <command> [options]

Commands:
  price       --product <id> [--variant <id>] [--branch <id>] --rate <rupees> [--offer <rupees> | --no-offer]
              Set the selling rate (and offer rate) of a product or variant in a branch.
  stock       --product <id> [--variant <id>] [--branch <id>] --qty <units>
              Set the units available on the shelf. Back above 0, every customer who
              pressed "Notify me" for it gets one text message and a live notice.
  active      --product <id> [--variant <id>] [--branch <id>] (--on | --off)
              Offer or withdraw a product or variant (in one branch with --branch, else everywhere).
  weights     --product <id> [--variant <id>] [--gross <grams>] [--net <grams>] [--pieces <6-8>] [--serves <2-3>]
              Set what a product or variant weighs (gross before cleaning, net after), its pieces
              and servings; the price per kg follows from the rate and the net weight. 0 or '-' clears one.
  order-lines --order <id>
              List an order's lines with their numbers, and for fish sold by weight the weight
              ordered and packed.
  pack        --order <id> --line <n> --grams <grams>   (or: pack <id> <n> <grams>)
              Record the weight packed for line n of an order (Placed or Packed). A lighter pack
              refunds the difference to the customer's wallet; a heavier one adds at most 10% of
              the line to pay on delivery. A packed weight is final.
  order-next  --order <id>
              Move an order to its next status (Placed → Packed → Out for Delivery → Delivered;
              Return Requested → Returned → Refunded).
  return-received --order <id>
              The returned items are back at the shop: Return Requested → Returned.
  order-refund    --order <id>
              Refund a returned order: Returned → Refunded, what was paid back to the
              customer's wallet (less what the payment provider already refunded).
  photo       --product <id> (--file <picture> | --remove)
              Give a product a photograph (JPEG, PNG, WebP, AVIF or HEIC, at least 320 px a side;
              cropped square and made in AVIF and WebP), or take it away to show its drawing again.
  orders      [--status <status>] [--company <id>] [--limit <n>]
              List recent orders, e.g. --status placed.
  pincodes    [--branch <id>]
              List the PIN codes a branch delivers to.
  pincode-add    --branch <id> --pin <codes>
  pincode-remove --branch <id> --pin <codes>
              Start or stop delivering to PIN codes: one, a list or ranges,
              e.g. --pin 682001-682036,682042.
  upi-scan    --payment <pay_id> (--approve | --decline)
              Payment sandbox only: the customer's UPI app answers a waiting UPI payment
              (a QR code shown in the checkout window, or a collect request).

  help        This text (as --help).

Options for every command:
  --server <url>   The running server to notify (default SHOP_SERVER_URL, PUBLIC_URL, or http://127.0.0.1:$PORT).
  --help           This text.

The database comes from the same settings as the server (DATA_DIR or DATABASE_URL).`;

export class CliError extends Error {}

type Options = Record<string, string | boolean | undefined>;

function positiveInt(options: Options, name: string, required: true): number;
function positiveInt(options: Options, name: string, required: false): number | undefined;
function positiveInt(options: Options, name: string, required: boolean): number | undefined {
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

function rupees(options: Options, name: string): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0)
    throw new CliError(`--${name} must be an amount in rupees above 0, e.g. 450 or 449.50 (got "${String(raw)}").`);
  return toPaise(Number(raw));
}

interface Shop {
  handle: DatabaseHandle;
  config: AppConfig;
  live: LiveUpdates;
  announcements: (({ kind: 'catalogue' } & CatalogueChange) | ({ kind: 'customer' } & CustomerChange))[];
  out: (line: string) => void;
  /** The running server (--server, SHOP_SERVER_URL, PUBLIC_URL, or this machine's PORT). */
  server: string;
}

interface Target {
  productId: number;
  variantId: number;
  companyId: number;
  branchId: number;
  name: string;
}

async function target(shop: Shop, options: Options): Promise<Target> {
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
async function announceProduct(shop: Shop, t: Target, branchId: number | null): Promise<void> {
  const base = { kind: 'catalogue' as const, companyId: t.companyId, branchId, ids: [t.productId] };
  shop.announcements.push({ ...base, type: 'Product' }, { ...base, type: 'ProductDetails' });
  if (await productInActiveOffer(shop.handle.db, t.companyId, t.productId)) shop.announcements.push({ ...base, type: 'OfferProducts' });
}

async function stockRow(shop: Shop, t: Target) {
  const row = await findStockRow(shop.handle.db, { branchId: t.branchId, productId: t.productId, variantId: t.variantId });
  if (!row) throw new CliError(`${t.name} is not stocked in branch ${t.branchId}.`);
  return row;
}

/** The most PIN codes one command takes: a district has a few hundred. */
const MAX_PIN_CODES = 1000;

/** --pin as PIN codes: '682001', '682001,682042' or ranges '682001-682036'; sorted, each once. */
export function pinCodesOf(options: Options): string[] {
  const raw = options.pin;
  if (typeof raw !== 'string' || raw.trim() === '') throw new CliError('--pin is required, e.g. --pin 682001 or --pin 682001-682036,682042.');
  const codes = new Set<string>();
  for (const part of raw.split(',').map((p) => p.trim())) {
    const [from = '', to = from, extra] = part.split('-').map((p) => p.trim());
    if (extra !== undefined || !isPinCode(from) || !isPinCode(to))
      throw new CliError(`"${part}" is not a PIN code or a range of them; a PIN code is 6 digits and does not start with 0.`);
    if (Number(to) < Number(from)) throw new CliError(`The range "${part}" runs backwards.`);
    if (Number(to) - Number(from) + codes.size >= MAX_PIN_CODES) throw new CliError(`Give at most ${MAX_PIN_CODES} PIN codes at a time.`);
    for (let n = Number(from); n <= Number(to); n += 1) codes.add(String(n));
  }
  return [...codes].sort();
}

async function branchOf(shop: Shop, options: Options) {
  const branchId = positiveInt(options, 'branch', false) ?? shop.config.defaultBranchId;
  const branch = await findBranch(shop.handle.db, branchId);
  if (!branch) throw new CliError(`Branch ${branchId} was not found.`);
  return branch;
}

/** '682001–682015, 682042': runs of consecutive codes folded into ranges. */
function pinRanges(codes: string[]): string {
  const runs: [string, string][] = [];
  for (const code of codes) {
    const last = runs.at(-1);
    if (last && Number(code) === Number(last[1]) + 1) last[1] = code;
    else runs.push([code, code]);
  }
  return runs.map(([a, b]) => (a === b ? a : `${a}–${b}`)).join(', ');
}

/** Grams for --gross, --net, --grams: a whole number, 0 (or '-') to clear where clearing is allowed. */
function grams(options: Options, name: string, clearable: boolean): number | null | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  if (clearable && (raw === '-' || raw === '0')) return null;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || value < 1 || value > 100_000)
    throw new CliError(`--${name} must be a whole number of grams from 1 to 100000 (got "${String(raw)}").`);
  return value;
}

/** A range such as '6-8' or a single number, for --pieces and --serves; '-' clears it. */
function range(options: Options, name: string): string | null | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  if (raw === '-') return null;
  if (typeof raw !== 'string' || !/^\d{1,3}(-\d{1,3})?$/.test(raw))
    throw new CliError(`--${name} must be a number or a range such as 2-3 (got "${String(raw)}").`);
  const [low, high] = raw.split('-').map(Number);
  if (low === 0 || (high !== undefined && high < (low ?? 0))) throw new CliError(`--${name} must be above 0 and a range must go up (got "${raw}").`);
  return raw;
}

const commands: Record<string, (shop: Shop, options: Options) => Promise<void>> = {
  async pincodes(shop, options) {
    const branch = await branchOf(shop, options);
    const codes = await listBranchPincodes(shop.handle.db, branch.id);
    shop.out(
      codes.length === 0
        ? `${branch.name} (branch ${branch.id}) delivers to no PIN code yet.`
        : `${branch.name} (branch ${branch.id}) delivers to ${codes.length} PIN code${codes.length === 1 ? '' : 's'}: ${pinRanges(codes)}.`,
    );
  },

  async 'pincode-add'(shop, options) {
    const codes = pinCodesOf(options);
    const branch = await branchOf(shop, options);
    const taken = await pincodesOfOtherBranches(shop.handle.db, branch.company_id, branch.id, codes);
    if (taken.length > 0) {
      const first = taken[0]!;
      throw new CliError(
        `${pinRanges(taken.map((t) => t.pin_code))} ${taken.length === 1 ? 'is' : 'are'} served by branch ${first.branch_id}; remove ${taken.length === 1 ? 'it' : 'them'} there first (pincode-remove --branch ${first.branch_id}).`,
      );
    }
    const added = await addBranchPincodes(shop.handle.db, branch.company_id, branch.id, codes);
    shop.out(`${branch.name} (branch ${branch.id}) now delivers to ${pinRanges(codes)} (${added} new).`);
  },

  async 'pincode-remove'(shop, options) {
    const codes = pinCodesOf(options);
    const branch = await branchOf(shop, options);
    const removed = await removeBranchPincodes(shop.handle.db, branch.id, codes);
    if (removed === 0) throw new CliError(`${branch.name} (branch ${branch.id}) does not deliver to ${pinRanges(codes)}.`);
    shop.out(`${branch.name} (branch ${branch.id}) no longer delivers to ${pinRanges(codes)} (${removed} removed).`);
  },

  async weights(shop, options) {
    const t = await target(shop, options);
    const current = await findPackWeights(shop.handle.db, t.productId, t.variantId);
    if (!current) throw new CliError(`${t.name} was not found.`);
    const gross = grams(options, 'gross', true);
    const net = grams(options, 'net', true);
    const pieces = range(options, 'pieces');
    const serves = range(options, 'serves');
    if ([gross, net, pieces, serves].every((v) => v === undefined)) throw new CliError('Give at least one of --gross, --net, --pieces or --serves.');
    const next: PackWeights = {
      gross_grams: gross === undefined ? current.gross_grams : gross,
      net_grams: net === undefined ? current.net_grams : net,
      pieces: pieces === undefined ? current.pieces : pieces,
      serves: serves === undefined ? current.serves : serves,
    };
    if (next.gross_grams !== null && next.net_grams !== null && next.net_grams > next.gross_grams)
      throw new CliError(`The net weight ${formatGrams(next.net_grams)} cannot be above the gross weight ${formatGrams(next.gross_grams)}.`);
    await setPackWeights(shop.handle.db, t.productId, t.variantId, next, nowIso());
    await announceProduct(shop, t, null);
    const line = compactWeightLine({
      grossGrams: next.gross_grams ?? undefined,
      netGrams: next.net_grams ?? undefined,
      pieces: next.pieces ?? undefined,
    });
    const row = await findStockRow(shop.handle.db, { branchId: t.branchId, productId: t.productId, variantId: t.variantId });
    const perKg = row ? pricePerKgPaise(row.o_rate ?? row.s_rate, next.net_grams) : null;
    shop.out(
      `${t.name}: ${line || 'no weights'}${next.serves ? ` · serves ${next.serves}` : ''}${perKg !== null ? ` · ${formatPaise(perKg)}/kg in branch ${t.branchId}` : ''}.`,
    );
  },
  async 'order-lines'(shop, options) {
    const orderId = positiveInt(options, 'order', true);
    const order = await orderToMove(shop, orderId);
    const lines = await orderLinesForPacking(shop.handle.db, orderId);
    shop.out(`Order ${order.order_no} (${statusName(order.status)}):`);
    lines.forEach((l, index) => {
      const name = l.variant_name ? `${l.item_name} (${l.variant_name})` : l.item_name;
      const weight =
        l.net_grams === null
          ? 'not sold by weight'
          : `ordered ${formatGrams(l.net_grams * l.qty)}, ${l.packed_grams === null ? 'not packed yet' : `packed ${formatGrams(l.packed_grams)}`}`;
      shop.out(`  ${index + 1}. ${l.qty} × ${name}  ${formatPaise(l.value)}  ${weight}`);
    });
  },
  async pack(shop, options) {
    const orderId = positiveInt(options, 'order', true);
    const line = positiveInt(options, 'line', true);
    const packedGrams = grams(options, 'grams', false);
    if (packedGrams == null) throw new CliError('--grams is required.');
    let packed;
    try {
      packed = await recordPackedWeight(orderDeps(shop), { orderId, line, grams: packedGrams });
    } catch (error) {
      if (error instanceof HttpError) throw new CliError(error.message);
      throw error;
    }
    const name = packed.variantName ? `${packed.itemName} (${packed.variantName})` : packed.itemName;
    const head = `Order ${packed.orderNo}, ${name}: packed ${formatGrams(packed.packedGrams)} of ${formatGrams(packed.orderedGrams)} ordered`;
    const parts: string[] = [];
    if (packed.refundedToWallet > 0) parts.push(`${formatPaise(packed.refundedToWallet)} refunded to the customer's wallet`);
    if (packed.dueOnDelivery < 0) parts.push(`${formatPaise(-packed.dueOnDelivery)} less to collect on delivery`);
    if (packed.dueOnDelivery > 0) parts.push(`${formatPaise(packed.dueOnDelivery)} to collect on delivery`);
    if (packed.shopBears > 0) parts.push(`${formatPaise(packed.shopBears)} beyond ${HEAVIER_PACK_TOLERANCE_PERCENT}% is on the shop`);
    if (parts.length === 0) parts.push('nothing to settle');
    shop.out(`${head}; ${parts.join('; ')}.${packed.alreadySettled ? ' (Already settled earlier; nothing moved this time.)' : ''}`);
  },
  /** The sandbox's payments live in the server, which sends their webhooks: the scan goes through it. */
  async 'upi-scan'(shop, options) {
    const payment = options.payment;
    if (typeof payment !== 'string' || !/^pay_[A-Za-z0-9]{14}$/.test(payment)) throw new CliError('--payment must be a payment id such as pay_hoic0f7vxvBnPp.');
    if (Boolean(options.approve) === Boolean(options.decline)) throw new CliError('Give one of --approve or --decline.');
    let res: Response;
    try {
      res = await fetch(`${shop.server}/sandbox/upi/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_id: payment, action: options.approve ? 'approve' : 'decline' }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new CliError(`The server at ${shop.server} could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
    const body = (await res.json().catch(() => ({}))) as { status?: string; error?: { description?: string } };
    if (res.status === 404) throw new CliError(`The server at ${shop.server} has no payment sandbox (PAYMENT_PROVIDER is not sandbox).`);
    if (!res.ok) throw new CliError(body.error?.description ?? `The server at ${shop.server} answered ${res.status}.`);
    shop.out(`Payment ${payment} is ${body.status}.`);
  },

  async price(shop, options) {
    const t = await target(shop, options);
    const rate = rupees(options, 'rate');
    if (rate === undefined) throw new CliError('--rate is required.');
    const offer = options['no-offer'] ? null : rupees(options, 'offer');
    if (offer !== undefined && offer !== null && offer >= rate) throw new CliError('--offer must be below --rate.');
    const row = await stockRow(shop, t);
    const oRate = offer === undefined ? row.o_rate : offer;
    if (oRate !== null && oRate >= rate)
      throw new CliError(`The current offer rate ${formatPaise(oRate)} is not below ${formatPaise(rate)}; give --offer or --no-offer.`);
    await setStockRates(shop.handle.db, row.id, { sRate: rate, oRate, at: nowIso() });
    await announceProduct(shop, t, t.branchId);
    shop.out(`${t.name} in branch ${t.branchId}: ${formatPaise(rate)}${oRate !== null ? `, offer ${formatPaise(oRate)}` : ''}.`);
  },

  async stock(shop, options) {
    const t = await target(shop, options);
    const raw = options.qty;
    if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new CliError('--qty must be a whole number of units (0 or more).');
    const row = await stockRow(shop, t);
    await setStockAvailable(shop.handle.db, row.id, Number(raw), nowIso());
    await announceProduct(shop, t, t.branchId);
    shop.out(`${t.name} in branch ${t.branchId}: ${raw} available${raw === '0' ? ' (out of stock)' : ''}.`);
    const told = await sendRestockNotices(restockDeps(shop), { branchId: t.branchId, productId: t.productId, variantId: t.variantId });
    if (told > 0) shop.out(`Told ${told} customer${told === 1 ? '' : 's'} who asked to be notified.`);
  },

  async active(shop, options) {
    if (Boolean(options.on) === Boolean(options.off)) throw new CliError('Give exactly one of --on or --off.');
    const t = await target(shop, options);
    const flag = options.on ? 1 : 0;
    const db = shop.handle.db;
    const inBranch = options.branch !== undefined;
    if (inBranch) {
      const row = await stockRow(shop, t);
      await setStockActive(db, row.id, flag, nowIso());
    } else if (t.variantId !== 0) {
      await setVariantActive(db, t.variantId, flag);
    } else {
      await setProductActive(db, t.productId, flag, nowIso());
    }
    await announceProduct(shop, t, inBranch ? t.branchId : null);
    shop.out(`${t.name} is now ${flag ? 'on sale' : 'withdrawn'}${inBranch ? ` in branch ${t.branchId}` : ''}.`);
  },

  async 'order-next'(shop, options) {
    const orderId = positiveInt(options, 'order', true);
    const order = await orderToMove(shop, orderId);
    const next = isOrderStatus(order.status) ? NEXT_SHOP_STATUS[order.status] : undefined;
    if (!next) throw new CliError(`Order ${order.order_no} is ${statusName(order.status)}; the shop has no next step for it.`);
    await move(shop, orderId, order, next);
  },

  async 'return-received'(shop, options) {
    const orderId = positiveInt(options, 'order', true);
    const order = await orderToMove(shop, orderId);
    if (order.status !== 'RETURN_REQUESTED')
      throw new CliError(`Order ${order.order_no} is ${statusName(order.status)}; only an order whose return was requested can be marked received.`);
    await move(shop, orderId, order, 'RETURNED');
  },

  async 'order-refund'(shop, options) {
    const orderId = positiveInt(options, 'order', true);
    const order = await orderToMove(shop, orderId);
    if (order.status === 'RETURN_REQUESTED')
      throw new CliError(`Order ${order.order_no} is Return Requested; mark the return received first (return-received --order ${orderId}).`);
    if (order.status !== 'RETURNED') throw new CliError(`Order ${order.order_no} is ${statusName(order.status)}; only a returned order can be refunded.`);
    await move(shop, orderId, order, 'REFUNDED');
    const refunded = await getOrder(shop.handle.db, orderId);
    const kept =
      refunded.refund_withheld > 0 ? ` (${formatPaise(refunded.refund_withheld)} kept for loyalty points the order earned and the customer spent)` : '';
    shop.out(`${formatPaise(refunded.refund_amount)} went back to the customer's wallet${kept}.`);
  },

  async photo(shop, options) {
    const productId = positiveInt(options, 'product', true);
    const product = await findProductNaming(shop.handle.db, productId);
    if (!product) throw new CliError(`Product ${productId} was not found.`);
    const t: Target = { productId, variantId: 0, companyId: product.company_id, branchId: shop.config.defaultBranchId, name: product.name };
    if (options.remove) {
      if (options.file !== undefined) throw new CliError('Give one of --file or --remove.');
      if (!(await removeProductPhoto(shop.handle.db, productId))) throw new CliError(`${product.name} has no photo.`);
      await announceProduct(shop, t, null);
      return shop.out(`${product.name} shows its drawing again.`);
    }
    if (typeof options.file !== 'string' || options.file === '') throw new CliError('Give --file <picture> or --remove.');
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(options.file);
    } catch (error) {
      throw new CliError(`${options.file} could not be read (${error instanceof Error ? error.message : String(error)}).`);
    }
    let set;
    try {
      set = await makePhotoSet(bytes);
    } catch (error) {
      if (error instanceof PhotoError) throw new CliError(error.message);
      throw error;
    }
    await saveProductPhoto(shop.handle.db, productId, set, nowIso());
    await announceProduct(shop, t, null);
    shop.out(`${product.name} has a new photo, ${set.widths.map((w) => `${w}`).join(', ')} px wide in AVIF and WebP.`);
  },

  async orders(shop, options) {
    const companyId = positiveInt(options, 'company', false) ?? shop.config.defaultCompanyId;
    let status: string | undefined;
    if (typeof options.status === 'string') {
      const code = options.status
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_');
      if (!isOrderStatus(code)) throw new CliError(`Unknown status "${options.status}". Known: ${Object.values(ORDER_STATUS_LABELS).join(', ')}.`);
      status = code;
    }
    const rows = await listRecentOrders(shop.handle.db, {
      companyId,
      ...(status !== undefined ? { status } : {}),
      limit: positiveInt(options, 'limit', false) ?? 20,
    });
    if (rows.length === 0) return shop.out('No orders.');
    for (const r of rows) {
      const label = isOrderStatus(r.status) ? ORDER_STATUS_LABELS[r.status] : r.status;
      shop.out(
        `#${r.id}  ${r.order_no}  ${label.padEnd(18)} ${formatPaise(r.net_amount).padStart(12)}  ${r.payment_method}  customer ${r.customer_id}  ${r.slot_label}`,
      );
    }
  },
};

function statusName(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

async function orderToMove(shop: Shop, orderId: number) {
  const order = await findOrderStatus(shop.handle.db, orderId);
  if (!order) throw new CliError(`Order ${orderId} was not found.`);
  return order;
}

/** One shop move through the order service, which gives back money and points as the move requires. */
async function move(shop: Shop, orderId: number, order: { status: string; order_no: string }, to: OrderStatus): Promise<void> {
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
function orderDeps(shop: Shop): OrderDeps {
  return {
    db: shop.handle.db,
    dialect: shop.handle.dialect,
    live: shop.live,
    mail: new OutboxMailSender(shop.config.dataDir),
    log: { error: (details, message) => console.error(message, details) },
  };
}

/** Customers waiting for a restock are texted through the server's SMS settings and pushed live through the server. */
function restockDeps(shop: Shop): RestockDeps {
  const config = shop.config;
  return {
    db: shop.handle.db,
    live: shop.live,
    sms: config.smsHttpUrl ? new HttpSmsSender(config.smsHttpUrl, config.smsHttpToken) : new OutboxSmsSender(config.dataDir, () => undefined),
    log: { error: (details, message) => console.error(message, details) },
    shopUrl: config.publicUrl,
  };
}

export function serverUrl(options: Options, env: NodeJS.ProcessEnv): string {
  const given = typeof options.server === 'string' ? options.server : env.SHOP_SERVER_URL || env.PUBLIC_URL || `http://127.0.0.1:${env.PORT || 8080}`;
  return given.replace(/\/$/, '');
}

async function tellServer(shop: Shop, url: string): Promise<string | null> {
  if (shop.announcements.length === 0) return null;
  const secret = await shopAdminSecret(shop.handle.db);
  for (const body of shop.announcements) {
    try {
      const res = await fetch(`${url}${ANNOUNCE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SHOP_SECRET_HEADER]: secret },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      if (!res.ok) return `the server at ${url} answered ${res.status}`;
    } catch (error) {
      return `the server at ${url} could not be reached (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return null;
}

/** `pack <order> <line> <grams>` is short for `pack --order <order> --line <line> --grams <grams>`. */
function withPositionals(name: string, values: Options, rest: string[]): Options {
  if (rest.length === 0) return values;
  if (name !== 'pack' || rest.length !== 3)
    throw new CliError(
      `Unexpected "${rest.join(' ')}". ${name === 'pack' ? 'Give <order> <line> <grams>, or the options.' : 'Give options such as --order 5.'}`,
    );
  const [order, line, grams] = rest;
  return { ...values, order: values.order ?? order, line: values.line ?? line, grams: values.grams ?? grams };
}

/** Runs one command; returns the process exit code (0 done, 1 refused, 2 saved but not pushed). */
export async function runShop(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        product: { type: 'string' },
        variant: { type: 'string' },
        branch: { type: 'string' },
        rate: { type: 'string' },
        offer: { type: 'string' },
        qty: { type: 'string' },
        order: { type: 'string' },
        status: { type: 'string' },
        company: { type: 'string' },
        limit: { type: 'string' },
        server: { type: 'string' },
        payment: { type: 'string' },
        pin: { type: 'string' },
        gross: { type: 'string' },
        net: { type: 'string' },
        pieces: { type: 'string' },
        serves: { type: 'string' },
        line: { type: 'string' },
        grams: { type: 'string' },
        approve: { type: 'boolean' },
        decline: { type: 'boolean' },
        'no-offer': { type: 'boolean' },
        on: { type: 'boolean' },
        off: { type: 'boolean' },
        help: { type: 'boolean' },
        file: { type: 'string' },
        remove: { type: 'boolean' },
      },
    });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  const name = parsed.positionals[0];
  if (name === 'help') {
    out(USAGE);
    return 0;
  }
  const command = name ? commands[name] : undefined;
  if (parsed.values.help || !command) {
    (command || parsed.values.help ? out : err)(name && !command ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
    return parsed.values.help ? 0 : 1;
  }
  const config = loadConfig(env);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const shop: Shop = { handle, config, live: new LiveUpdates(), announcements: [], out, server: serverUrl(parsed.values, env) };
  shop.live.onCatalogue((change) => shop.announcements.push({ kind: 'catalogue', ...change }));
  shop.live.onCustomer((change) => shop.announcements.push({ kind: 'customer', ...change }));
  try {
    await migrateToLatest(handle);
    await command(shop, withPositionals(name ?? '', parsed.values, parsed.positionals.slice(1)));
    const problem = await tellServer(shop, shop.server);
    if (problem) {
      err(`The change is saved, but ${problem}; open pages will show it when they next load.`);
      return 2;
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  runShop(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
