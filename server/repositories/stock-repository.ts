import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/clock.js';
import { noteStockMoved } from './catalogue-cache.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface StockLine {
  branchId: number;
  productId: number;
  variantId: number;
  qty: number;
}

/**
 * Units move available → reserved (order awaiting payment) → sold (paid), or back to
 * available on cancel. available + reserved + sold changes only when the shop restocks.
 * Each move is one conditional UPDATE, so two customers racing for the last unit cannot
 * both get it.
 *
 * The update that reserves a line's units (available → reserved): it changes no row when fewer
 * are left or the line is withdrawn. Order placement sends it with its commit (final-writes.ts).
 */
export function reserveStockWrite(db: Db, line: StockLine) {
  return db
    .updateTable('branch_stock')
    .set({ available: sql`available - ${line.qty}`, reserved: sql`reserved + ${line.qty}`, updated_at: nowIso() })
    .where('branch_id', '=', line.branchId)
    .where('product_id', '=', line.productId)
    .where('variant_id', '=', line.variantId)
    .where('active', '=', 1)
    .where('available', '>=', line.qty);
}

/** Reserves a line's units; false when fewer are left or the line is withdrawn. */
export async function reserveStock(db: Db, line: StockLine): Promise<boolean> {
  const result = await reserveStockWrite(db, line).executeTakeFirst();
  noteStockMoved();
  return Number(result.numUpdatedRows) === 1;
}

/** The update that moves a line's units between two counts; it changes no row when the first holds fewer. */
function moveWrite(db: Db, line: StockLine, from: 'reserved' | 'sold', to: 'available' | 'sold') {
  return db
    .updateTable('branch_stock')
    .set({ [from]: sql`${sql.ref(from)} - ${line.qty}`, [to]: sql`${sql.ref(to)} + ${line.qty}`, updated_at: nowIso() })
    .where('branch_id', '=', line.branchId)
    .where('product_id', '=', line.productId)
    .where('variant_id', '=', line.variantId)
    .where(from, '>=', line.qty);
}

/** A stock move that found fewer units than it moves: the stock books are wrong, and the error names the line. */
export function stockMoveFailed(line: StockLine, from: 'reserved' | 'sold', to: 'available' | 'sold', cause?: unknown): Error {
  const message = `stock move ${from}→${to} of ${line.qty} failed for product ${line.productId}/${line.variantId}`;
  return cause === undefined ? new Error(message) : new Error(message, { cause });
}

async function move(db: Db, line: StockLine, from: 'reserved' | 'sold', to: 'available' | 'sold'): Promise<void> {
  const result = await moveWrite(db, line, from, to).executeTakeFirst();
  noteStockMoved();
  if (Number(result.numUpdatedRows) !== 1) throw stockMoveFailed(line, from, to);
}

/** Payment captured: reserved units become sold. */
export const commitReserved = (db: Db, line: StockLine) => move(db, line, 'reserved', 'sold');
/** The update of `commitReserved`, for a transaction's final writes (server/db/final-writes.ts). */
export const commitReservedWrite = (db: Db, line: StockLine) => moveWrite(db, line, 'reserved', 'sold');
/** Unpaid order cancelled: reserved units return to the shelf. */
export const releaseReserved = (db: Db, line: StockLine) => move(db, line, 'reserved', 'available');
/** Paid order cancelled before it left the shop: sold units return to the shelf. */
export const restockSold = (db: Db, line: StockLine) => move(db, line, 'sold', 'available');

/** Units on the shelf of one line in a branch; 0 when it is not stocked or withdrawn there. */
export async function unitsOnShelf(db: Db, line: Omit<StockLine, 'qty'>): Promise<number> {
  const stock = await db
    .selectFrom('branch_stock')
    .select(['available', 'active'])
    .where('branch_id', '=', line.branchId)
    .where('product_id', '=', line.productId)
    .where('variant_id', '=', line.variantId)
    .executeTakeFirst();
  return stock && stock.active === 1 ? Math.max(0, stock.available) : 0;
}

/** A line's stock row in a branch as the shop's command line changes it; undefined when the branch does not stock it. */
export function findStockRow(db: Db, line: Omit<StockLine, 'qty'>) {
  return db
    .selectFrom('branch_stock')
    .select(['id', 's_rate', 'o_rate', 'available'])
    .where('branch_id', '=', line.branchId)
    .where('product_id', '=', line.productId)
    .where('variant_id', '=', line.variantId)
    .executeTakeFirst();
}

/** Sets a stock row's selling rate and offer rate (paise; no offer: null). */
export async function setStockRates(db: Db, stockId: number, rates: { sRate: number; oRate: number | null; at: string }): Promise<void> {
  await db.updateTable('branch_stock').set({ s_rate: rates.sRate, o_rate: rates.oRate, updated_at: rates.at }).where('id', '=', stockId).execute();
}

/** Sets the units on the shelf of a stock row (the shop counted them). */
export async function setStockAvailable(db: Db, stockId: number, available: number, at: string): Promise<void> {
  await db.updateTable('branch_stock').set({ available, updated_at: at }).where('id', '=', stockId).execute();
}

/** Offers (1) or withdraws (0) a line in one branch. */
export async function setStockActive(db: Db, stockId: number, active: number, at: string): Promise<void> {
  await db.updateTable('branch_stock').set({ active, updated_at: at }).where('id', '=', stockId).execute();
}
