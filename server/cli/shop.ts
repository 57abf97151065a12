/**
 * The shop owner's command line: `npm run shop -- <command> [options]` (docs/shop-cli.md).
 * It changes the shop's database directly (the same DATA_DIR / DATABASE_URL as the server)
 * and then tells the running server, so every open browser sees the change at once.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { configuredDatabase, migrateToLatest, openDatabase } from '../db/database.js';
import { LiveUpdates } from '../hub/live-updates.js';
import { ANNOUNCE_PATH, SHOP_SECRET_HEADER, shopAdminSecret } from '../hub/hub-announce.js';
import { NEXT_SHOP_STATUS, ORDER_STATUS_LABELS, isOrderStatus } from '../services/order-lifecycle.js';
import { sendRestockNotices } from '../services/stock-notice-service.js';
import { formatPaise } from '../../contract/money.rules.js';
import { nowIso } from '../lib/clock.js';
import { setProductActive, setVariantActive } from '../repositories/product-repository.js';
import { setStockActive, setStockAvailable, setStockRates } from '../repositories/stock-repository.js';
import { getOrder, listRecentOrders } from '../repositories/order-repository.js';
import {
  CliError,
  type Options,
  type Command,
  positiveInt,
  rupees,
  type Shop,
  target,
  announceProduct,
  stockRow,
  statusName,
  orderToMove,
  move,
  restockDeps,
} from './cli-kit.js';
import { pincodeCommands } from './pincode-commands.js';
import { weightCommands } from './weight-commands.js';
import { photoCommands } from './photo-command.js';

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

const commands: Record<string, Command> = {
  ...pincodeCommands,
  ...weightCommands,
  ...photoCommands,
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
  const handle = openDatabase(configuredDatabase(config));
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
