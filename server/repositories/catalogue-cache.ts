/**
 * The catalogue's versions for cached reads. Anything that changes what a catalogue answer
 * shows (a price, a product switched on or off, units on the shelf) moves the answer version
 * on, and every cached answer made under an older version is dropped. Stock moves call
 * `noteStockMoved()` directly, because orders change stock without announcing it to the hub;
 * shop changes arrive through app.live.onCatalogue and call `noteCatalogueChanged()`.
 *
 * The listing version moves only with shop changes: which products a list holds and their
 * order (server/repositories/listing-index.ts) depend on products, categories, variants and
 * stock lines being switched on or off and on their sort order, never on units on the shelf,
 * so an order reserving or releasing stock keeps every listing.
 *
 * The versions are process-wide: several apps in one process (tests) only invalidate each
 * other's caches more often than needed, never less.
 */
/** How long a catalogue answer is reused at most by default, for a change this instance could not note (CATALOGUE_ANSWER_MAX_AGE_MS). */
export const CATALOGUE_ANSWER_MAX_AGE_MS = 1000;

let version = 0;
let listing = 0;

export function catalogueVersion(): number {
  return version;
}

export function listingVersion(): number {
  return listing;
}

/** The shop changed its catalogue: answers and listings made before are out of date. */
export function noteCatalogueChanged(): void {
  version += 1;
  listing += 1;
}

/** Units moved on a shelf: answers show other numbers, the listings stay as they are. */
export function noteStockMoved(): void {
  version += 1;
}
