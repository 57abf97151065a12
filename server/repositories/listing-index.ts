import { listingVersion } from './catalogue-cache.js';

/**
 * How long a listing is reused at most without a change being noted. It bounds what this
 * instance cannot see: a change written to the database by the shop's command line when it could
 * not tell the server, or a fan-out message between instances lost without Redis going away
 * (when Redis comes back the hub notes a change anyway). Shop changes made through this
 * instance or announced over Redis rebuild the listing at once. Reading a branch's listing walks
 * its whole list (about 0.9 s at 100,000 products on SQLite, on a busy 2-core machine), hence
 * far longer than the answers' 1 s.
 */
export const LISTING_MAX_AGE_MS = 30_000;
const DEFAULT_MAX_LISTINGS = 2_000;

export interface ListingIndexOptions {
  maxAgeMs?: number;
  /** Listings kept at most; the oldest is dropped first. */
  maxListings?: number;
  now?: () => number;
}

/** A listing's product ids in list order. */
export interface Listing {
  ids: Int32Array;
  /** Each id's category, in a listing that lists of one category are cut from; else null. */
  categoryIds: Int32Array | null;
  /** When its rows were read (ms): a listing cut from another is as old as that one. */
  at: number;
}

interface Kept {
  version: number;
  listing: Listing;
}

interface Build {
  version: number;
  listing: Promise<Listing>;
}

/**
 * The product ids of each product list (a branch's whole list, one category of it, one special
 * category), in list order, per listing version: a page is a slice and the count its length, so
 * neither walks the table however deep the page. A listing is read on its first request; the
 * requests that arrive while it is read wait for the same read. 100,000 products in ten branches
 * hold 8 MB for the branches' lists (an id and its category, 4 bytes each) and 4 MB for their
 * categories.
 */
export class ListingIndex {
  private readonly listings = new Map<string, Kept>();
  private readonly builds = new Map<string, Build>();
  private readonly maxAgeMs: number;
  private readonly maxListings: number;
  private readonly now: () => number;

  constructor(options: ListingIndexOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? LISTING_MAX_AGE_MS;
    this.maxListings = options.maxListings ?? DEFAULT_MAX_LISTINGS;
    this.now = options.now ?? Date.now;
  }

  /** The listing kept under the key; `read` reads it from the database when none is current. */
  async get(key: string, read: () => Promise<Omit<Listing, 'at'> & { at?: number }>): Promise<Listing> {
    const version = listingVersion();
    const kept = this.listings.get(key);
    if (kept && kept.version === version && this.now() - kept.listing.at < this.maxAgeMs) return kept.listing;
    if (kept) this.listings.delete(key);
    const running = this.builds.get(key);
    if (running && running.version === version) return running.listing;
    const build: Build = { version, listing: this.build(key, version, read) };
    this.builds.set(key, build);
    return build.listing;
  }

  /** How many listings are kept. */
  get size(): number {
    return this.listings.size;
  }

  clear(): void {
    this.listings.clear();
    this.builds.clear();
  }

  private async build(key: string, version: number, read: () => Promise<Omit<Listing, 'at'> & { at?: number }>): Promise<Listing> {
    const startedAt = this.now();
    try {
      const found = await read();
      const listing: Listing = { ids: found.ids, categoryIds: found.categoryIds, at: found.at ?? startedAt };
      // A listing read while the catalogue changed answers the requests that waited for it, and no later one.
      if (listingVersion() === version) {
        if (this.listings.size >= this.maxListings) this.listings.delete(this.listings.keys().next().value as string);
        this.listings.set(key, { version, listing });
      }
      return listing;
    } finally {
      if (this.builds.get(key)?.version === version) this.builds.delete(key);
    }
  }
}
