import type { Category, Product } from './catalogue.schemas.js';

/**
 * The home page's first paint before its code runs (src/app/opening-shell.tsx builds it,
 * server/spa/opening-page.ts serves it): the header and the hero as the app renders them,
 * written by the build into one file beside index.html. The build cannot know the shop, so the
 * markup carries placeholders the server fills in for each company; it is built once per
 * variant of what the header shows.
 */

/** The file the build writes beside index.html: a JSON object of markup by variant. */
export const OPENING_SHELL_FILE = 'opening-shell.json';

/** Stands for the shop's display name (text and attributes alike). */
export const SHELL_SHOP_NAME = '%SHOAL-SHOP-NAME%';

/** Stands for the company logo's address, as the company details name it. */
export const SHELL_SHOP_LOGO = '%SHOAL-SHOP-LOGO%';

/** What the header shows that the markup cannot leave to a placeholder: the account link, and a logo or the fish mark. */
export interface ShellVariant {
  loggedIn: boolean;
  logo: boolean;
}

export const SHELL_VARIANTS: readonly ShellVariant[] = [
  { loggedIn: false, logo: false },
  { loggedIn: false, logo: true },
  { loggedIn: true, logo: false },
  { loggedIn: true, logo: true },
];

/** The key of a variant in the file. */
export function shellVariantKey({ loggedIn, logo }: ShellVariant): string {
  return `${loggedIn ? 'customer' : 'guest'}-${logo ? 'logo' : 'mark'}`;
}

/** Where a variant's header holds the category menu. */
export const SHELL_CATEGORY_MENU = '%SHOAL-CATEGORY-MENU%';

/** Where the menu holds its categories, one chip each. */
export const SHELL_CATEGORY_CHIPS = '%SHOAL-CATEGORY-CHIPS%';

/** Stand for a category's id and name in a chip. */
export const SHELL_CATEGORY_ID = '%SHOAL-CATEGORY-ID%';
export const SHELL_CATEGORY_NAME = '%SHOAL-CATEGORY-NAME%';

/** What the build writes: the markup of each variant, the category menu, and one category chip. */
export interface OpeningShellFile {
  variants: Record<string, string>;
  menu: string;
  chip: string;
}

/** What the server knows of the visit and the shop. Every text is given as it is, and escaped here. */
export interface ShellFill {
  loggedIn: boolean;
  name: string;
  logo: string;
  categories: readonly { categoryId: number; name: string }[];
}

/** Text as HTML text or an attribute value: `&`, `"`, `<` and `>` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Home's first paint for one visit: the variant it needs, with the shop's name, logo and categories written in. */
export function fillOpeningShell(file: OpeningShellFile, fill: ShellFill): string | null {
  const markup = file.variants[shellVariantKey({ loggedIn: fill.loggedIn, logo: fill.logo !== '' })];
  if (!markup) return null;
  // Replaced by functions: a name's `$&` or `$1` is text, not a replacement pattern.
  const text = (value: string) => () => escapeHtml(value);
  const chips = fill.categories
    .map((c) => file.chip.replaceAll(SHELL_CATEGORY_ID, text(String(c.categoryId))).replaceAll(SHELL_CATEGORY_NAME, text(c.name)))
    .join('');
  const menu = fill.categories.length > 0 ? file.menu.replace(SHELL_CATEGORY_CHIPS, () => chips) : '';
  return markup
    .replace(SHELL_CATEGORY_MENU, () => menu)
    .replaceAll(SHELL_SHOP_NAME, text(fill.name))
    .replaceAll(SHELL_SHOP_LOGO, text(fill.logo));
}

/**
 * The first paints of the product list (src/app/opening-list.tsx) and of a product's page
 * (src/app/opening-detail-paint.tsx), bundled by the build for the server in one file
 * (src/app/opening-pages.ts) beside the build's manifest: the server renders them and no browser
 * is ever sent it.
 */
export const OPENING_RENDERER = '.vite/render/opening-pages.mjs';

/** The shop as a painted page's header and prices show it. */
export interface OpeningShop {
  name: string;
  logo: string;
  currencySymbol: string;
  decimals: number;
}

/** What the server knows when it paints a product list's first page for a visitor without a session. */
export interface OpeningListInput {
  shop: OpeningShop;
  categories: Category[];
  /** The category the address names, if any. */
  categoryId?: number;
  /** The list's first page, exactly as `GET /api/products` answers it. */
  page: { Data: Product[] | null; TotalCount?: number };
}

/** What the server knows when it paints a product's page for a visitor without a session. */
export interface OpeningDetailInput {
  shop: OpeningShop;
  categories: Category[];
  /** The product exactly as `GET /api/Product/detail/{id}` answers it. */
  product: Product;
  /** The variant the address names, if any: the page shows it chosen. */
  variantId?: number;
}
