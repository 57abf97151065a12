import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFormatter } from '../../contract/money.rules';

/** What the shop's money text has always been: the amount in Indian digits by toLocaleString. */
function byToLocaleString(amount: number, symbol: string, decimals: number): string {
  const safe = Number.isFinite(amount) ? amount : 0;
  return `${symbol}${safe.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

describe('moneyFormatter', () => {
  it.each([
    [0, '₹', 2],
    [1234.5, '₹', 2],
    [1234567.891, '₹', 2],
    [99.999, '₹', 0],
    [-42.1, 'Rs ', 1],
    [Number.NaN, '₹', 2],
    [Number.POSITIVE_INFINITY, '₹', 2],
  ])('formats %s with %s and %s decimals like toLocaleString, and formatMoney the same', (amount, symbol, decimals) => {
    expect(moneyFormatter(symbol, decimals)(amount)).toBe(byToLocaleString(amount, symbol, decimals));
    expect(formatMoney(amount, symbol, decimals)).toBe(byToLocaleString(amount, symbol, decimals));
  });

  it.each([
    [1.005, 2],
    [2.675, 2],
    [999.995, 2],
    [-0.004, 2],
    [-0, 2],
    [0.5, 0],
    [-0.5, 0],
    [99999.9999, 3],
    [1e20, 2],
    [1.23e21, 2],
    [1e-7, 2],
    [0.1 + 0.2, 2],
  ])('rounds %s to %s decimals where the binary value and its written form disagree as Intl does', (amount, decimals) => {
    expect(formatMoney(amount, '₹', decimals)).toBe(byToLocaleString(amount, '₹', decimals));
  });

  it('writes what toLocaleString writes for any amount: paise, rupees with stray decimals, and numbers of any size', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -1e9, max: 1e12 }).map((paise) => paise / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((thousandths) => thousandths / 1000),
      fc.double({ noNaN: true }),
    );
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 4 }), (amount, decimals) => {
        expect(formatMoney(amount, '₹', decimals)).toBe(byToLocaleString(amount, '₹', decimals));
      }),
      { numRuns: 20_000 },
    );
    // 20,000 runs of toLocaleString take about 2 s alone and more beside the other suites on two cores.
  }, 30_000);

  it('writes Indian digit grouping', () => {
    expect(moneyFormatter('₹', 2)(1234567.5)).toBe('₹12,34,567.50');
  });
});
