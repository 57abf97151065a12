import { describe, expect, it } from 'vitest';
import { compactWeightLine, formatGrams, pricePerKgPaise, settlePack } from '../../contract/weight.rules';
import { weightSettlementText } from '../../src/pages/account/order-display';
import { formatMoney } from '../../contract/money.rules';

describe('weights as the shop writes them', () => {
  it.each([
    [400, '400 g'],
    [999, '999 g'],
    [1000, '1 kg'],
    [1250, '1.25 kg'],
  ])('%i grams read %s', (grams, text) => expect(formatGrams(grams)).toBe(text));

  it('builds the card line from what is known', () => {
    expect(compactWeightLine({ grossGrams: 500, netGrams: 400, pieces: '6-8' })).toBe('500 g · Net 400 g · 6-8 pcs');
    expect(compactWeightLine({ netGrams: 250 })).toBe('Net 250 g');
    expect(compactWeightLine({})).toBe('');
  });

  it('prices per kg of net weight, and not at all without one', () => {
    expect(pricePerKgPaise(48_000, 400)).toBe(120_000);
    expect(pricePerKgPaise(56_000, 400)).toBe(140_000);
    expect(pricePerKgPaise(48_000, null)).toBeNull();
    expect(pricePerKgPaise(48_000, 0)).toBeNull();
  });
});

describe('settling a packed weight', () => {
  it.each([
    ['exact', 96_000, 800, 800, { refund: 0, extra: 0, shopBears: 0 }],
    ['lighter by 40 g of 800 g', 96_000, 800, 760, { refund: 4_800, extra: 0, shopBears: 0 }],
    ['heavier within 10%', 48_000, 400, 420, { refund: 0, extra: 2_400, shopBears: 0 }],
    ['heavier beyond 10%: the shop bears the rest', 48_000, 400, 600, { refund: 0, extra: 4_800, shopBears: 19_200 }],
    ['a pack of nothing gives back at most the line', 48_000, 400, 0, { refund: 48_000, extra: 0, shopBears: 0 }],
  ])('%s', (_case, value, ordered, packed, settled) => expect(settlePack(value, ordered, packed)).toEqual(settled));
});

describe('the order page words a settlement', () => {
  const money = (rupees: number) => formatMoney(rupees);
  it.each([
    [{ WeightRefund: 42.5, WeightDue: 0 }, '₹42.50 refunded to your wallet for a lighter pack'],
    [{ WeightRefund: 0, WeightDue: 18 }, '₹18.00 to pay on delivery for a heavier pack'],
    [{ WeightRefund: 0, WeightDue: -60 }, '₹60.00 less to pay on delivery for a lighter pack'],
    [{ WeightRefund: 0, WeightDue: 0 }, null],
    [{}, null],
  ])('%j', (item, text) => expect(weightSettlementText(item, money)).toBe(text));
});
