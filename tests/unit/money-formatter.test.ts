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

  it('writes Indian digit grouping', () => {
    expect(moneyFormatter('₹', 2)(1234567.5)).toBe('₹12,34,567.50');
  });
});
