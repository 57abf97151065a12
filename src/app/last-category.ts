/**
 * The remembered last-category selection of the product list (session storage 'lastCategoryId').
 * The product list stores it; the root layout clears it on any path outside /product.
 */
export const LAST_CATEGORY_KEY = 'lastCategoryId';

export function readLastCategory(): string | null {
  try {
    return sessionStorage.getItem(LAST_CATEGORY_KEY);
  } catch {
    return null;
  }
}

export function rememberLastCategory(categoryId: number | string): void {
  try {
    sessionStorage.setItem(LAST_CATEGORY_KEY, String(categoryId));
  } catch {
    // no storage: the selection is simply not remembered
  }
}

export function clearLastCategory(): void {
  try {
    sessionStorage.removeItem(LAST_CATEGORY_KEY);
  } catch {
    // nothing stored
  }
}
