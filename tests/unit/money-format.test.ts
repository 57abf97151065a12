import { describe, expect, it } from 'vitest';
import { moneyFormatter } from '../../src/components/money-format';
import { formatMoney } from '../../src/lib/format';

describe('moneyFormatter', () => {
  it.each([
    [0, '₹', 2],
    [1234.5, '₹', 2],
    [1234567.891, '₹', 2],
    [99.999, '₹', 0],
    [-42.1, 'Rs ', 1],
    [Number.NaN, '₹', 2],
    [Number.POSITIVE_INFINITY, '₹', 2],
  ])('formats %s with %s and %s decimals like formatMoney', (amount, symbol, decimals) => {
    expect(moneyFormatter(symbol, decimals)(amount)).toBe(formatMoney(amount, symbol, decimals));
  });

  it('writes Indian digit grouping', () => {
    expect(moneyFormatter('₹', 2)(1234567.5)).toBe('₹12,34,567.50');
  });
});
