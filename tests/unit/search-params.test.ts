import { describe, expect, it } from 'vitest';
import {
  idParam,
  searchParam,
  searchRecord,
  stringParam,
  toEntityId,
  validateHomeSearch,
  validateOfferProductsSearch,
  validateOrderDetailSearch,
  validateProductDetailSearch,
  validateProductListSearch,
  validateSpecialProductsSearch,
} from '../../src/lib/search-params';

describe('idParam (categoryId, specialCategoryId, offerId)', () => {
  it.each([
    ['12', '12'],
    ['abc', 'abc'],
    ['', ''],
    [12, 12],
    [0, 0],
    [NaN, undefined],
    [Infinity, undefined],
    [true, undefined],
    [null, undefined],
    [undefined, undefined],
    [['1', '2'], undefined],
    [{ id: 1 }, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(idParam(input)).toEqual(expected);
  });
});

describe('searchParam', () => {
  it.each([
    ['prawns', 'prawns'],
    ['  king fish  ', 'king fish'],
    ['', undefined],
    ['   ', undefined],
    ['\t\n', undefined],
    [5, undefined],
    [null, undefined],
    [['a', 'b'], undefined],
  ])('%j -> %j', (input, expected) => {
    expect(searchParam(input)).toEqual(expected);
  });
});

describe('stringParam (productId, variantId, id)', () => {
  it.each([
    ['7', '7'],
    ['', ''],
    [7, undefined],
    [false, undefined],
    [['7', '8'], undefined],
    [undefined, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(stringParam(input)).toEqual(expected);
  });
});

describe('screen searches drop invalid values and keep valid ones', () => {
  it.each([
    [validateProductListSearch, { categoryId: '3', search: '  seer ' }, { categoryId: '3', search: 'seer' }],
    [validateProductListSearch, { categoryId: 3, search: '   ' }, { categoryId: 3 }],
    [validateProductListSearch, { categoryId: ['1', '2'], search: 9 }, {}],
    [validateProductListSearch, { other: 'x' }, {}],
    [validateSpecialProductsSearch, { specialCategoryId: '2' }, { specialCategoryId: '2' }],
    [validateSpecialProductsSearch, { specialCategoryId: null }, {}],
    [validateProductDetailSearch, { productId: '5', variantId: '9' }, { productId: '5', variantId: '9' }],
    [validateProductDetailSearch, { productId: 5, variantId: 9 }, {}],
    [validateOfferProductsSearch, { offerId: '1', categoryId: 2, search: ' crab ' }, { offerId: '1', categoryId: 2, search: 'crab' }],
    [validateOfferProductsSearch, { offerId: {}, categoryId: true, search: '' }, {}],
    [validateOrderDetailSearch, { id: '44' }, { id: '44' }],
    [validateOrderDetailSearch, { id: 44 }, {}],
    [
      validateHomeSearch,
      { companyId: '2', branchId: '1', tableId: 'T4', address: 'MG Road' },
      { companyId: '2', branchId: '1', tableId: 'T4', address: 'MG Road' },
    ],
    [validateHomeSearch, { companyId: ['1', '2'], address: 3 }, {}],
  ] as const)('%o', (validate, input, expected) => {
    expect((validate as (raw: Record<string, unknown>) => unknown)(input)).toStrictEqual(expected);
  });
});

describe('searchRecord', () => {
  it('keeps single values as strings and turns repeated keys into arrays', () => {
    expect(searchRecord(new URLSearchParams('categoryId=4&search=+pomfret+&search=x'))).toStrictEqual({
      categoryId: '4',
      search: [' pomfret ', 'x'],
    });
  });

  it('feeds the validators so a repeated param is dropped', () => {
    expect(validateProductListSearch(searchRecord(new URLSearchParams('categoryId=1&categoryId=2&search=%20tuna')))).toStrictEqual({ search: 'tuna' });
  });
});

describe('toEntityId', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    [12, 12],
    ['0', undefined],
    [0, undefined],
    ['-3', undefined],
    ['1.5', undefined],
    [1.5, undefined],
    ['abc', undefined],
    ['', undefined],
    ['99999999999', undefined],
    [undefined, undefined],
  ] as const)('%j -> %j', (input, expected) => {
    expect(toEntityId(input)).toBe(expected);
  });
});
