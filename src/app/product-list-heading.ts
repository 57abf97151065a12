import type { Category } from '../../contract/catalogue.schemas';

/** The product list's address for a category, or for every product. */
export function listHref(categoryId?: number): string {
  return categoryId ? `/product?categoryId=${categoryId}` : '/product';
}

/** The title and the line under it of an unsearched product list: the category's name and description, 'Products' for one not known (yet), 'All products' without one. */
export function listHeading(
  category: Pick<Category, 'name' | 'description'> | undefined,
  categoryId: number | undefined,
): { title: string; subtitle?: string } {
  const title = category?.name ?? (categoryId ? 'Products' : 'All products');
  return category?.description ? { title, subtitle: category.description } : { title };
}
