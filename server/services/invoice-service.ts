import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { InvoiceIssuer } from '../config/env.js';
import { HttpError, conflict } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { addressSnapshot, ownOrder } from '../repositories/order-history-repository.js';
import { selectCustomerContact } from '../repositories/customer-repository.js';
import { findInvoice, insertNextInvoice, invoiceLines } from '../repositories/invoice-repository.js';
import { taxInvoiceFigures } from './tax-invoice.js';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.js';
import { SHOP_TIME_ZONE } from '../../contract/time-zone.rules.js';

export const INVOICE_MESSAGES = {
  notDelivered: 'A tax invoice is issued once the order has been delivered.',
  notSetUp: 'This shop cannot issue tax invoices yet: its legal name, address, state and GSTIN are not set up.',
} as const;

/** 'INV-000012': the shop's sequential number, padded so invoices sort by number. */
export function invoiceNumberText(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

/** The invoice number of a delivered order: the one it was given, or the shop's next one, once. */
async function invoiceNumberOf(db: Kysely<Database>, order: { id: number; company_id: number }): Promise<{ invoice_no: number; issued_at: string }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findInvoice(db, order.id);
    if (existing) return existing;
    try {
      await insertNextInvoice(db, { orderId: order.id, companyId: order.company_id, at: nowIso() });
    } catch (error) {
      // Another request numbered this order, or took the same number for another order: read again.
      if (attempt === 2) throw error;
    }
  }
  const settled = await findInvoice(db, order.id);
  if (!settled) throw new Error(`order ${order.id} could not be given an invoice number`);
  return settled;
}

const sameState = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The GST tax invoice of the caller's delivered order, as a PDF. Another customer's order is not
 * found (404); an order not delivered is refused (409); a shop without its legal details on a real
 * deployment refuses (409) rather than issue an invoice with made-up ones.
 */
export async function taxInvoicePdf(
  deps: { db: Kysely<Database>; issuer: InvoiceIssuer | null },
  customerId: number,
  orderId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const order = await ownOrder(deps.db, customerId, orderId);
  if (order.delivered_at === null) throw conflict(INVOICE_MESSAGES.notDelivered, 'NOT_DELIVERED');
  const issuer = deps.issuer;
  if (!issuer) throw new HttpError(409, INVOICE_MESSAGES.notSetUp, 'INVOICES_NOT_SET_UP');

  const invoice = await invoiceNumberOf(deps.db, order);
  const [contact] = await selectCustomerContact(deps.db, customerId);
  const address = addressSnapshot(order.address_json);
  const state = address?.State ?? issuer.state;
  const intraState = sameState(state, issuer.state);
  const rows = await invoiceLines(deps.db, order.id);
  const figures = taxInvoiceFigures({
    lines: rows.map((r) => ({
      name: r.variant_name ? `${r.item_name} (${r.variant_name})` : r.item_name,
      hsn: r.hsn_code ?? r.current_hsn ?? '',
      qty: r.qty,
      rate: r.rate,
      value: r.value,
      gstRateBp: r.gst_rate_bp ?? Number(r.current_rate ?? 0),
    })),
    discount: order.discount_amount,
    deliveryCharge: order.delivery_charge,
    walletAmount: order.wallet_amount,
    loyaltyPoints: order.loyalty_points,
    loyaltyAmount: order.loyalty_amount,
    netAmount: order.net_amount,
    intraState,
  });
  const invoiceNo = invoiceNumberText(invoice.invoice_no);
  const document: InvoiceDocument = {
    issuer,
    invoiceNo,
    date: new Date(invoice.issued_at).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE }),
    orderNo: order.order_no,
    customer: {
      name: address?.Name || contact?.name || 'Customer',
      address: address
        ? [[address.House, address.Street].filter(Boolean).join(', '), [address.Landmark, address.City, address.Pincode].filter(Boolean).join(', ')].filter(
            Boolean,
          )
        : [],
      state,
      mobile: address?.Phone ?? '',
    },
    intraState,
    figures,
  };
  return { pdf: await renderInvoicePdf(document), fileName: `${invoiceNo}-${order.order_no}.pdf` };
}
