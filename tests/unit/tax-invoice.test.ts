import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxInvoiceFigures } from '../../server/services/tax-invoice';
import { numberInWords, paiseInWords } from '../../server/lib/amount-in-words';

const line = fc.record({
  name: fc.constant('Item'),
  hsn: fc.constantFrom('0302', '0303', '0305', '0306', '2001'),
  qty: fc.integer({ min: 1, max: 20 }),
  rate: fc.integer({ min: 1, max: 500_000 }),
  gstRateBp: fc.constantFrom(0, 500, 1200, 1800),
});

const order = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
    deliveryCharge: fc.integer({ min: 0, max: 20_000 }),
    intraState: fc.boolean(),
  })
  .map(({ lines, discountPart, deliveryCharge, intraState }) => {
    const withValues = lines.map((l) => ({ ...l, value: l.qty * l.rate }));
    const gross = withValues.reduce((s, l) => s + l.value, 0);
    return { lines: withValues, discount: Math.floor(gross * discountPart), deliveryCharge, intraState, gross };
  });

describe('tax invoice figures', () => {
  it('never creates or loses a paisa: lines less the coupon plus delivery, each split into taxable value and tax', () => {
    fc.assert(
      fc.property(order, (o) => {
        const f = taxInvoiceFigures({ ...o, walletAmount: 0, loyaltyPoints: 0, loyaltyAmount: 0, netAmount: 0 });
        expect(f.total).toBe(o.gross - o.discount + o.deliveryCharge);
        expect(f.lines.reduce((s, l) => s + l.discount, 0)).toBe(o.discount);
        for (const l of [...f.lines, ...(f.delivery ? [f.delivery] : [])]) {
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.value);
          expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.total);
          expect(Math.min(l.taxable, l.cgst, l.sgst, l.igst)).toBeGreaterThanOrEqual(0);
          if (l.gstRateBp === 0) expect(l.taxable).toBe(l.total);
          if (o.intraState) expect(l.igst).toBe(0);
          else expect(l.cgst + l.sgst).toBe(0);
          expect(Math.abs(l.sgst - l.cgst)).toBeLessThanOrEqual(1);
        }
        expect(f.taxable + f.cgst + f.sgst + f.igst).toBe(f.total);
      }),
      { numRuns: 500 },
    );
  });
});

describe('amounts in words', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [118_400, 'Rupees One Thousand One Hundred Eighty-Four Only'],
    [123_450, 'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [1_234_567_801, 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and One Paise Only'],
  ])('%i paise', (paise, words) => {
    expect(paiseInWords(paise)).toBe(words);
  });

  it('refuses what is not a whole number of rupees', () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
  });
});
