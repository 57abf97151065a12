import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { LiveUpdates } from '../hub/live-updates.js';
import type { SmsSender } from '../senders/sms-sender.js';
import type { ServiceLog } from './service-deps.js';
import type { CustomerPrincipal } from '../plugins/auth.plugin.js';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { assertBranch } from './cart-service.js';
import { findProductNaming, findVariantName } from '../repositories/product-repository.js';
import { findStockRow, unitsOnShelf } from '../repositories/stock-repository.js';
import {
  claimNotice,
  countWaitingNotices,
  deleteWaitingNotice,
  findCustomerNotice,
  listNoticesWaitingFor,
  listWaitingNotices,
  upsertWaitingNotice,
  type NoticeLine,
} from '../repositories/stock-notice-repository.js';
import { STOCK_NOTICE_LIMIT, backInStockMessage, type StockNotice, type StockNoticeInput } from '../../contract/stock-notice.schemas.js';
import type { BackInStockUpdate } from '../../contract/hub-events.js';

type NoticeRow = Awaited<ReturnType<typeof listWaitingNotices>>[number];

export function toStockNoticeWire(row: NoticeRow): StockNotice {
  return {
    NoticeId: row.id,
    BranchId: row.branch_id,
    ProductId: row.product_id,
    VariantId: row.variant_id,
    Status: 'WAITING',
    CreatedAt: row.created_at,
  };
}

/** The product and variant as a shopper reads them: 'Kingfish (Seer) – Neymeen 500 g · Curry cut'. */
async function lineName(db: Kysely<Database>, productId: number, variantId: number): Promise<string | null> {
  const product = await findProductNaming(db, productId);
  if (!product) return null;
  if (variantId === 0) return product.name;
  const variant = await findVariantName(db, productId, variantId);
  return variant === undefined ? null : `${product.name} ${variant}`;
}

export function productPath(line: Pick<NoticeLine, 'productId' | 'variantId'>): string {
  return `/product/product_detail?productId=${line.productId}${line.variantId ? `&variantId=${line.variantId}` : ''}`;
}

/** The caller's notices still waiting. */
export async function listNotices(db: Kysely<Database>, customerId: number): Promise<StockNotice[]> {
  return (await listWaitingNotices(db, customerId)).map(toStockNoticeWire);
}

/**
 * Records that the customer wants to hear when a sold-out line is back. Asking again for a line
 * already waiting answers the same notice. Only a real line of the customer's shop that is out of
 * stock in that branch may be asked about, and only STOCK_NOTICE_LIMIT at once.
 */
export async function requestNotice(db: Kysely<Database>, principal: CustomerPrincipal, input: StockNoticeInput): Promise<StockNotice> {
  const line: NoticeLine = { branchId: input.BranchId, productId: input.ProductId, variantId: input.VariantId };
  await assertBranch(db, principal.companyId, line.branchId);
  const product = await findProductNaming(db, line.productId);
  if (!product || product.company_id !== principal.companyId) throw notFound(`Product ${line.productId} was not found.`);
  if (product.is_variant_enabled === 1 && line.variantId === 0) throw badRequest(`${product.name} is sold in variants; choose one.`);
  if (product.is_variant_enabled !== 1 && line.variantId !== 0) throw badRequest(`${product.name} has no variants; send VariantId 0.`);
  if (line.variantId !== 0 && (await findVariantName(db, line.productId, line.variantId)) === undefined)
    throw notFound(`Variant ${line.variantId} of product ${line.productId} was not found.`);
  if (!(await findStockRow(db, line))) throw notFound(`${product.name} is not sold in branch ${line.branchId}.`);
  if ((await unitsOnShelf(db, line)) > 0) throw conflict(`${product.name} is in stock; add it to your cart.`, 'IN_STOCK');

  const existing = await findCustomerNotice(db, principal.customerId, line);
  if (existing?.status !== 'WAITING') {
    if ((await countWaitingNotices(db, principal.customerId)) >= STOCK_NOTICE_LIMIT)
      throw badRequest(`You can wait for at most ${STOCK_NOTICE_LIMIT} items at once. Cancel one you no longer need first.`);
    await upsertWaitingNotice(db, { companyId: principal.companyId, customerId: principal.customerId, at: nowIso(), ...line });
  }
  const row = await findCustomerNotice(db, principal.customerId, line);
  if (!row || row.status !== 'WAITING') throw new Error('stock notice was not saved');
  return toStockNoticeWire(row);
}

/** Cancels a waiting notice of the caller; anyone else's notice, or one already sent, is not found. */
export async function cancelNotice(db: Kysely<Database>, customerId: number, noticeId: number): Promise<void> {
  if (!(await deleteWaitingNotice(db, customerId, noticeId))) throw notFound('That notice was not found.');
}

/** What telling customers about a restock needs: the shop's own SMS sender and live updates, or the command line's. */
export interface RestockDeps {
  db: Kysely<Database>;
  live: LiveUpdates;
  sms: SmsSender;
  log: ServiceLog;
  /** The shop's public address (PUBLIC_URL), for the link in the text message. */
  shopUrl: string;
}

/**
 * After the shop puts a line back on the shelf: every customer waiting for it gets one text
 * message and a live push. Each notice is claimed (WAITING → SENT) before anything is sent, so
 * a repeated restock, or two instances restocking at once, tells nobody twice. Returns how many
 * customers were told.
 */
export async function sendRestockNotices(deps: RestockDeps, line: NoticeLine): Promise<number> {
  if ((await unitsOnShelf(deps.db, line)) === 0) return 0;
  const waiting = await listNoticesWaitingFor(deps.db, line);
  if (waiting.length === 0) return 0;
  const name = await lineName(deps.db, line.productId, line.variantId);
  if (name === null) return 0;
  const message = backInStockMessage(name);
  const path = productPath(line);
  let told = 0;
  for (const notice of waiting) {
    if (!(await claimNotice(deps.db, notice.id, nowIso()))) continue;
    told += 1;
    const update: BackInStockUpdate = { NoticeId: notice.id, ...capitalised(line), Name: name, Message: message, Path: path };
    deps.live.customerChanged({ customerId: notice.customer_id, type: 'BackInStock', data: update });
    try {
      await deps.sms.send({ to: notice.mobile, text: `${message}. Order it in the shop: ${deps.shopUrl}${path}` });
    } catch (error) {
      deps.log.error({ err: error, noticeId: notice.id }, 'back-in-stock text message failed');
    }
  }
  return told;
}

function capitalised(line: NoticeLine): Pick<BackInStockUpdate, 'BranchId' | 'ProductId' | 'VariantId'> {
  return { BranchId: line.branchId, ProductId: line.productId, VariantId: line.variantId };
}
