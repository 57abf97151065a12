/**
 * The product lists' first page, which the browser asks for and the server's opening page
 * (server/spa/opening-page.ts) answers in advance: they must agree to the number.
 */

/** Products per page of the product, special and offer lists. */
export const LIST_PAGE_SIZE = 20;
/** The cards of a product list whose pictures load eagerly: the first row of a phone's two-column grid. */
export const EAGER_LIST_CARDS = 2;
/**
 * The cards a phone's first screen can show (two rows of two): they render at once, the rest of
 * a page in a background render right after.
 */
export const FIRST_SCREEN_LIST_CARDS = 4;
