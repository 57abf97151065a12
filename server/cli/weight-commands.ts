/** The shop's command line: fish sold by weight, and the weights the shop packed (docs/shop-cli.md). */
import { formatPaise } from '../../contract/money.rules.js';
import { nowIso } from '../lib/clock.js';
import { findStockRow } from '../repositories/stock-repository.js';
import { findPackWeights, setPackWeights, type PackWeights } from '../repositories/product-repository.js';
import { recordPackedWeight } from '../services/catch-weight-service.js';
import { orderLinesForPacking } from '../repositories/order-weight-repository.js';
import { HEAVIER_PACK_TOLERANCE_PERCENT, compactWeightLine, formatGrams, pricePerKgPaise } from '../../contract/weight.rules.js';
import { HttpError } from '../lib/http-errors.js';
import { CliError, type Options, type Command, positiveInt, target, announceProduct, statusName, orderToMove, orderDeps } from './cli-kit.js';

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

export const weightCommands: Record<string, Command> = {
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
};
