import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../contract/money.rules.js';

const byIntl = (paise: number, symbol: string, decimals: number) =>
  `${symbol}${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;

describe('formatPaise', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [99_999, '₹999.99'],
    [123_450, '₹1,234.50'],
    [1_234_567_00, '₹12,34,567.00'],
    [-94_900, '₹-949.00'],
    [10_000_000_000, '₹10,00,00,000.00'],
  ])('writes %i paise as %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it('writes what Intl writes for en-IN, for any amount, symbol and number of decimals', () => {
    const amounts = [0, 1, 49, 50, 99, 100, 101, 950, 999, 1_000, 1_050, 12_345, 99_950, 100_000, 1_234_567, 98_765_432, 123_456_789_01];
    for (const paise of [...amounts, ...amounts.map((a) => -a)]) {
      for (const decimals of [0, 1, 2, 3]) {
        for (const symbol of ['₹', 'Rs. ']) expect(formatPaise(paise, symbol, decimals)).toBe(byIntl(paise, symbol, decimals));
      }
    }
  });
});
