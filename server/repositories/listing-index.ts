import { listingVersion } from './catalogue-cache.js';

/**
 * How long a listing is reused at most without a change being noted. It bounds what this
 * instance cannot see: a change made through another server instance when no Redis carries
 * the catalogue changes between them, or a fan-out message lost while Redis was away (the hub
 * then notes a change on resync anyway). Shop changes made through this instance or announced
 * over Redis rebuild the listing at once.
 */
export const LISTING_MAX_AGE_MS = 5_000;
const DEFAULT_MAX_LISTINGS = 2_000;

export interface ListingIndexOptions {
  maxAgeMs?: number;
  /** Listings kept at most; the oldest is dropped first. */
  maxListings?: number;
  now?: () => number;
}

interface Listing {
  version: number;
  at: number;
  ids: Int32Array;
}

interface Build {
  version: number;
  ids: Promise<Int32Array>;
}

/**
 * The product ids of each product list (a branch's whole list, one category of it, one special
 * category), in list order, per listing version: a page is a slice and the count its length, so
 * neither walks the table however deep the page. A listing is read on its first request; the
 * requests that arrive while it is read wait for the same read. 100,000 products in ten branches
 * hold 4 MB of ids per kind of list (4 bytes an id).
 */
export class ListingIndex {
  private readonly listings = new Map<string, Listing>();
  private readonly builds = new Map<string, Build>();
  private readonly maxAgeMs: number;
  private readonly maxListings: number;
  private readonly now: () => number;

  constructor(options: ListingIndexOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? LISTING_MAX_AGE_MS;
    this.maxListings = options.maxListings ?? DEFAULT_MAX_LISTINGS;
    this.now = options.now ?? Date.now;
  }

  /** The listing's ids in list order; `read` reads them from the database when none is current. */
  async ids(key: string, read: () => Promise<readonly number[]>): Promise<Int32Array> {
    const version = listingVersion();
    const kept = this.listings.get(key);
    if (kept && kept.version === version && this.now() - kept.at < this.maxAgeMs) return kept.ids;
    if (kept) this.listings.delete(key);
    const running = this.builds.get(key);
    if (running && running.version === version) return running.ids;
    const build: Build = { version, ids: this.build(key, version, read) };
    this.builds.set(key, build);
    return build.ids;
  }

  /** How many listings are kept. */
  get size(): number {
    return this.listings.size;
  }

  clear(): void {
    this.listings.clear();
    this.builds.clear();
  }

  private async build(key: string, version: number, read: () => Promise<readonly number[]>): Promise<Int32Array> {
    const at = this.now();
    try {
      const ids = Int32Array.from(await read());
      // A listing read while the catalogue changed answers the requests that waited for it, and no later one.
      if (listingVersion() === version) {
        if (this.listings.size >= this.maxListings) this.listings.delete(this.listings.keys().next().value as string);
        this.listings.set(key, { version, at, ids });
      }
      return ids;
    } finally {
      if (this.builds.get(key)?.version === version) this.builds.delete(key);
    }
  }
}
