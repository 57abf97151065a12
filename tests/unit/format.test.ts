import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money.rules';
import { imageUrl } from '../../contract/image-url.rules';

describe('formatMoney', () => {
  it.each([
    [1234.5, '₹', 2, '₹1,234.50'],
    [0, '₹', 2, '₹0.00'],
    [123456.789, '₹', 2, '₹1,23,456.79'],
    [99, '₹', 0, '₹99'],
    [Number.NaN, '₹', 2, '₹0.00'],
  ])('%d with %s and %i decimals is %s', (amount, symbol, decimals, expected) => {
    expect(formatMoney(amount, symbol, decimals)).toBe(expected);
  });
});

describe('imageUrl', () => {
  it('adds noCache=1 to every image', () => {
    expect(imageUrl('/images/a.svg')).toBe('/images/a.svg?noCache=1');
    expect(imageUrl('/images/a.svg?w=2')).toBe('/images/a.svg?w=2&noCache=1');
    expect(imageUrl('')).toBe('/images/placeholder.svg');
  });
});
