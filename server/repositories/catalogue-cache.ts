/**
 * The catalogue's version for cached reads. Anything that changes what a catalogue answer
 * shows (a price, a product switched on or off, units on the shelf) moves the version on, and
 * every cached answer made under an older version is dropped. Stock moves call
 * `noteCatalogueChanged()` directly, because orders change stock without announcing it to the
 * hub; shop changes arrive through app.live.onCatalogue.
 *
 * The version is process-wide: several apps in one process (tests) only invalidate each
 * other's caches more often than needed, never less.
 */
let version = 0;

export function catalogueVersion(): number {
  return version;
}

export function noteCatalogueChanged(): void {
  version += 1;
}
