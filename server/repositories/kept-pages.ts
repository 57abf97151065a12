import { catalogueVersion } from './catalogue-cache.js';

/**
 * Pages of products as every caller sees them (cartQty 0), kept as objects for signed-in
 * customers: their list differs from a visitor's only in their own cart quantities, so the page
 * is built once per catalogue version and each customer's answer adds their cart lines to it
 * (one read) instead of building the page again (seven). Kept on the same terms as the
 * serialized answers of the catalogue cache: dropped when the catalogue version moves (a shop
 * change, units on a shelf) and reused for at most `maxAgeMs` (changes this instance cannot
 * note). Concurrent reads of one page wait for the first. The pages are shared: callers copy a
 * product before changing anything in it.
 */
export interface KeptPagesOptions {
  maxAgeMs: number;
  /** Pages kept at most; the oldest is dropped first. */
  maxPages?: number;
  now?: () => number;
}

interface Kept<T> {
  version: number;
  /** When its read started: a page is never older than its age says. */
  at: number;
  page: Promise<T>;
}

const DEFAULT_MAX_PAGES = 500;

export class KeptPages<T> {
  private readonly pages = new Map<string, Kept<T>>();
  private readonly maxAgeMs: number;
  private readonly maxPages: number;
  private readonly now: () => number;

  constructor(options: KeptPagesOptions) {
    this.maxAgeMs = options.maxAgeMs;
    this.maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    this.now = options.now ?? Date.now;
  }

  /** The page kept under `key` while it is current, else the one `read` gives (kept unless the catalogue moved during the read). */
  get(key: string, read: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs === 0) return read();
    const now = this.now();
    const version = catalogueVersion();
    const kept = this.pages.get(key);
    if (kept && kept.version === version && now - kept.at < this.maxAgeMs) return kept.page;
    if (kept) this.pages.delete(key);
    const mine: Kept<T> = { version, at: now, page: read() };
    if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, mine);
    const forget = (): void => {
      if (this.pages.get(key) === mine) this.pages.delete(key);
    };
    mine.page.then(() => {
      if (catalogueVersion() !== version) forget();
    }, forget);
    return mine.page;
  }

  get size(): number {
    return this.pages.size;
  }

  clear(): void {
    this.pages.clear();
  }
}
