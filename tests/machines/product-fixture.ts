import type { Product } from '../../contract/catalogue.schemas';

/** A plain product (no variants) in stock at ₹100, named after its id; overrides change any field. */
export function fishProduct(productId: number, overrides: Partial<Product> = {}): Product {
  return {
    productId,
    name: `Fish ${productId}`,
    description: '',
    image: '',
    categoryId: 1,
    categoryName: 'Sea fish',
    unitLabel: '500 g',
    active: true,
    isVariantEnabled: false,
    variantId: 0,
    variantName: '',
    variantActive: true,
    isStockAvailable: true,
    stockQty: 5,
    sRate: 100,
    oRate: null,
    cartQty: 0,
    variants: [],
    ...overrides,
  };
}
