import type { Product } from '../contract/catalogue.schemas';

/**
 * Pure helpers the catalogue machines share to apply live updates in place. A live update
 * replaces what is already shown; it never inserts products into a list the visitor is reading.
 */
export function replaceProducts(list: Product[], updates: Product[]): Product[] {
  if (updates.length === 0) return list;
  const byId = new Map(updates.map((p) => [p.productId, p]));
  let changed = false;
  const next = list.map((p) => {
    const update = byId.get(p.productId);
    if (!update) return p;
    changed = true;
    return update;
  });
  return changed ? next : list;
}

/** Replaces items with the same key and appends new ones (categories and sections may be added live). */
export function upsertBy<T, K extends keyof T>(list: T[], updates: T[], key: K): T[] {
  if (updates.length === 0) return list;
  const next = [...list];
  for (const update of updates) {
    const index = next.findIndex((item) => item[key] === update[key]);
    if (index >= 0) next[index] = update;
    else next.push(update);
  }
  return next;
}

/**
 * The list already held when a reload brought the same items: screens that show it keep the same
 * value and do not draw it again (on a phone, redrawing the header's and the list's category rows
 * for nothing costs a long task just after the first paint).
 */
export function keptIfSame<T>(held: T[], loaded: T[]): T[] {
  return held.length === loaded.length && JSON.stringify(held) === JSON.stringify(loaded) ? held : loaded;
}

/** Appends a further page, skipping products already shown (a live change can shift pages). */
export function appendProducts(list: Product[], page: Product[]): Product[] {
  const seen = new Set(list.map((p) => p.productId));
  return [...list, ...page.filter((p) => !seen.has(p.productId))];
}

/**
 * The product as the chosen variant sells it: the variant's id, name, rates and stock replace
 * the product-level ones, so price, stock state and the cart control follow the choice.
 * An unknown or missing variant id falls back to the product's own selected variant.
 */
export function withVariant(product: Product, variantId: number | undefined): Product {
  if (!product.isVariantEnabled || !variantId) return product;
  const variant = product.variants.find((v) => v.variantId === variantId);
  if (!variant) return product;
  const { grossGrams: _g, netGrams: _n, pieces: _p, serves: _s, pricePerKg: _k, ...rest } = product;
  const { grossGrams, netGrams, pieces, serves, pricePerKg } = variant;
  // The chosen variant's weights replace the product's; one the variant lacks is not shown.
  const weights = Object.fromEntries(Object.entries({ grossGrams, netGrams, pieces, serves, pricePerKg }).filter(([, value]) => value !== undefined));
  return {
    ...rest,
    ...weights,
    variantId: variant.variantId,
    variantName: variant.name,
    variantActive: variant.active,
    sRate: variant.sRate,
    oRate: variant.oRate,
    isStockAvailable: variant.isStockAvailable,
    stockQty: variant.stockQty,
    cartQty: variant.cartQty,
  };
}
