/**
 * Search-param validation of spec section 5, as pure functions over a plain record so they
 * read the same whether the values came from a URL (strings) or from code (numbers).
 * Invalid values are dropped, never coerced into something the visitor did not ask for.
 */
export type SearchRecord = Record<string, unknown>;
export type IdParam = string | number;

/** A URL's params as a record; a key given more than once becomes an array, which no rule accepts. */
export function searchRecord(params: URLSearchParams): SearchRecord {
  const record: SearchRecord = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0] : values;
  }
  return record;
}

/** categoryId, specialCategoryId, offerId: only a string or a (finite) number is accepted. */
export function idParam(value: unknown): IdParam | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

/** search: a non-blank string, trimmed. */
export function searchParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

/** productId, variantId, id: strings only. */
export function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Drops the keys whose value is undefined, so a validated search has only what is valid. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export interface HomeSearch {
  address?: string;
  companyId?: IdParam;
  branchId?: IdParam;
  tableId?: IdParam;
}

export interface ProductListSearch {
  categoryId?: IdParam;
  search?: string;
}

export interface SpecialProductsSearch {
  specialCategoryId?: IdParam;
}

export interface ProductDetailSearch {
  productId?: string;
  variantId?: string;
}

export interface OfferProductsSearch {
  categoryId?: IdParam;
  search?: string;
  offerId?: IdParam;
}

export interface OrderDetailSearch {
  id?: string;
}

export function validateHomeSearch(raw: SearchRecord): HomeSearch {
  return defined({
    address: stringParam(raw.address),
    companyId: idParam(raw.companyId),
    branchId: idParam(raw.branchId),
    tableId: idParam(raw.tableId),
  });
}

export function validateProductListSearch(raw: SearchRecord): ProductListSearch {
  return defined({ categoryId: idParam(raw.categoryId), search: searchParam(raw.search) });
}

export function validateSpecialProductsSearch(raw: SearchRecord): SpecialProductsSearch {
  return defined({ specialCategoryId: idParam(raw.specialCategoryId) });
}

export function validateProductDetailSearch(raw: SearchRecord): ProductDetailSearch {
  return defined({ productId: stringParam(raw.productId), variantId: stringParam(raw.variantId) });
}

export function validateOfferProductsSearch(raw: SearchRecord): OfferProductsSearch {
  return defined({ categoryId: idParam(raw.categoryId), search: searchParam(raw.search), offerId: idParam(raw.offerId) });
}

export function validateOrderDetailSearch(raw: SearchRecord): OrderDetailSearch {
  return defined({ id: stringParam(raw.id) });
}

/**
 * A validated id as the positive integer the API takes, or undefined when it is not one
 * (a page then shows its empty or not-found state instead of sending a doomed request).
 */
export function toEntityId(value: IdParam | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id < 2 ** 31 ? id : undefined;
}
