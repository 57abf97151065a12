/**
 * The figures of a GST tax invoice, from what the order stored: each line's rate and value as
 * sold (prices include GST), its HSN code and GST rate as sold, the coupon discount, the delivery
 * charge, and what the wallet and loyalty points paid. Nothing is read from today's prices.
 */

export interface InvoiceLineInput {
  name: string;
  hsn: string;
  qty: number;
  /** Paise per unit, GST included. */
  rate: number;
  /** Paise for the line, GST included. */
  value: number;
  /** Basis points: 500 is 5 %. */
  gstRateBp: number;
}

export interface InvoiceOrderInput {
  lines: InvoiceLineInput[];
  /** The coupon's discount on the goods (paise). */
  discount: number;
  deliveryCharge: number;
  walletAmount: number;
  loyaltyPoints: number;
  loyaltyAmount: number;
  /** What was left to pay online or on delivery (paise). */
  netAmount: number;
  /** Delivered in the shop's own state: CGST and SGST; else IGST. */
  intraState: boolean;
}

export interface TaxedLine {
  name: string;
  hsn: string;
  qty: number;
  rate: number;
  /** The line's value before its share of the discount. */
  value: number;
  discount: number;
  taxable: number;
  gstRateBp: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** value − discount: taxable value plus its tax. */
  total: number;
}

export interface TaxInvoiceFigures {
  lines: TaxedLine[];
  /** The delivery charge as a line taxed like the order's principal goods (a composite supply). */
  delivery: TaxedLine | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  discount: number;
  /** The invoice value: goods less the discount, plus delivery. */
  total: number;
  walletAmount: number;
  loyaltyPoints: number;
  loyaltyAmount: number;
  /** What the customer paid otherwise (online or on delivery). */
  netAmount: number;
}

function taxed(base: Omit<TaxedLine, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>, intraState: boolean): TaxedLine {
  const total = base.value - base.discount;
  const taxable = Math.round((total * 10_000) / (10_000 + base.gstRateBp));
  const tax = total - taxable;
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  return { ...base, taxable, cgst, sgst: intraState ? tax - cgst : 0, igst: intraState ? 0 : tax, total };
}

/**
 * The coupon's discount split over the lines in proportion to their values, in whole paise that
 * add up to it exactly: each line gets the whole paise of its share, and the paise left over go
 * one each to the lines with the largest remainders (the earlier line on a tie), so no line's
 * share ever exceeds its value.
 */
export function discountShares(values: number[], discount: number): number[] {
  const gross = values.reduce((sum, value) => sum + value, 0);
  if (gross <= 0 || discount <= 0) return values.map(() => 0);
  const capped = Math.min(discount, gross);
  const shares = values.map((value) => Math.floor((capped * value) / gross));
  let left = capped - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = values
    .map((value, index) => ({ index, remainder: (capped * value) % gross }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * Splits the coupon discount over the lines by value (discountShares), takes
 * the GST out of each line's price, and adds the delivery charge at the rate of the line worth
 * most. The invoice value equals what the order was worth: lines − discount + delivery, which is
 * the net amount plus what the wallet and points paid.
 */
export function taxInvoiceFigures(order: InvoiceOrderInput): TaxInvoiceFigures {
  const shares = discountShares(
    order.lines.map((line) => line.value),
    order.discount,
  );
  const lines = order.lines.map((line, index) =>
    taxed(
      { name: line.name, hsn: line.hsn, qty: line.qty, rate: line.rate, value: line.value, discount: shares[index] ?? 0, gstRateBp: line.gstRateBp },
      order.intraState,
    ),
  );
  const principal = [...order.lines].sort((a, b) => b.value - a.value)[0];
  const delivery =
    order.deliveryCharge > 0
      ? taxed(
          {
            name: 'Delivery charge',
            hsn: principal?.hsn ?? '',
            qty: 1,
            rate: order.deliveryCharge,
            value: order.deliveryCharge,
            discount: 0,
            gstRateBp: principal?.gstRateBp ?? 0,
          },
          order.intraState,
        )
      : null;
  const all = delivery ? [...lines, delivery] : lines;
  const sum = (pick: (line: TaxedLine) => number) => all.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    delivery,
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    discount: order.discount,
    total: sum((l) => l.total),
    walletAmount: order.walletAmount,
    loyaltyPoints: order.loyaltyPoints,
    loyaltyAmount: order.loyaltyAmount,
    netAmount: order.netAmount,
  };
}
