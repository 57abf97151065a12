import { listingVersion } from './catalogue-cache.js';

/**
 * How long a listing is reused as it is without a change being noted; an older one is still
 * answered at once while its fresh read runs in the background. It bounds what this instance
 * cannot see: a change written to the database by the shop's command line when it could not tell
 * the server, or a fan-out message between instances lost without Redis going away (when Redis
 * comes back the hub notes a change anyway). Shop changes made through this instance or announced
 * over Redis rebuild the listing at once, and those requests wait for it. Reading a branch's
 * listing walks its whole list (about 0.3 s at 100,000 products on PostgreSQL, 0.2 s on SQLite,
 * on a busy 2-core machine), hence far longer than the answers' 1 s.
 */
export const LISTING_MAX_AGE_MS = 30_000;
const DEFAULT_MAX_LISTINGS = 2_000;
/** After a background read failed, the aged listing is answered this long before the read is tried again. */
export const LISTING_RETRY_MS = 5_000;

export interface ListingIndexOptions {
  maxAgeMs?: number;
  /** Listings kept at most; the oldest is dropped first. */
  maxListings?: number;
  now?: () => number;
  /** Told of a background read that failed; the aged listing it was to replace is kept. */
  onError?: (error: unknown, key: string) => void;
  /**
   * The database's mark of writes by other connections (SQLite's data_version). An aged listing
   * read (not cut) under the same mark is kept as it is, for another max age, instead of read again: every
   * write of this process that changes a listing moves the listing version, so only another
   * connection's could have.
   */
  outsideWrites?: () => number;
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
  /** outsideWrites() when its read started. */
  mark?: number;
  /** When a background read of it last failed. */
  failedAt?: number;
}

interface Build {
  version: number;
  listing: Promise<Listing>;
}

type Read = () => Promise<Omit<Listing, 'at'> & { at?: number }>;

export interface GetOptions {
  /** The listing is cut from other kept listings, not read from the database: its renewal need not queue. */
  cut?: boolean;
}

/**
 * The product ids of each product list (a branch's whole list, one category of it, one special
 * category), in list order, per listing version: a page is a slice and the count its length, so
 * neither walks the table however deep the page. A listing is read on its first request and after
 * a change of the listing version; the requests that arrive while it is read wait for the same
 * read. A listing that has only aged is answered at once while one read renews it in the
 * background; renewals read the database one at a time, so they never hold more than one of the
 * pool's connections and a core that customers' pages are waiting for. 100,000 products in ten branches
 * hold 8 MB for the branches' lists (an id and its category, 4 bytes each) and 4 MB for their
 * categories.
 */
export class ListingIndex {
  private readonly listings = new Map<string, Kept>();
  private readonly builds = new Map<string, Build>();
  private readonly maxAgeMs: number;
  private readonly maxListings: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown, key: string) => void;
  private readonly outsideWrites: (() => number) | undefined;
  /** The renewals reading the database, one after the other. */
  private renewals: Promise<unknown> = Promise.resolve();

  constructor(options: ListingIndexOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? LISTING_MAX_AGE_MS;
    this.maxListings = options.maxListings ?? DEFAULT_MAX_LISTINGS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.outsideWrites = options.outsideWrites;
  }

  /**
   * The listing kept under the key; `read` reads it from the database when none is kept for the
   * current listing version. One kept for this version but aged is answered as it is, and renewed
   * by a background read (one at a time; after a failed one, again only after LISTING_RETRY_MS).
   */
  async get(key: string, read: Read, options: GetOptions = {}): Promise<Listing> {
    const version = listingVersion();
    const kept = this.listings.get(key);
    if (kept && kept.version === version) {
      const now = this.now();
      const renewDue = now - kept.listing.at >= this.maxAgeMs && (kept.failedAt === undefined || now - kept.failedAt >= LISTING_RETRY_MS);
      if (renewDue && !this.builds.has(key)) {
        // A listing cut from another is as old as that one: it is cut again, never kept by the mark.
        if (!options.cut && kept.mark !== undefined && kept.mark === this.outsideWrites?.()) kept.listing.at = now;
        else this.renew(key, version, kept, read, options.cut === true);
      }
      return kept.listing;
    }
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

  /** Reads an aged listing again while the old one keeps answering; a failure keeps the old one. */
  private renew(key: string, version: number, kept: Kept, read: Read, cut: boolean): void {
    // A renewal whose turn comes after a catalogue change reads nothing: requests read that version's own.
    const start = () => (listingVersion() === version ? this.build(key, version, read) : Promise.resolve(kept.listing));
    const build: Build = { version, listing: cut ? start() : this.renewals.then(start) };
    if (!cut) this.renewals = build.listing.catch(() => undefined);
    this.builds.set(key, build);
    build.listing.then(
      () => {
        if (this.builds.get(key) === build) this.builds.delete(key);
      },
      (error: unknown) => {
        kept.failedAt = this.now();
        this.onError(error, key);
      },
    );
  }

  private async build(key: string, version: number, read: Read): Promise<Listing> {
    const startedAt = this.now();
    const mark = this.outsideWrites?.();
    try {
      const found = await read();
      const listing: Listing = { ids: found.ids, categoryIds: found.categoryIds, at: found.at ?? startedAt };
      // A listing read while the catalogue changed answers the requests that waited for it, and no later one.
      if (listingVersion() === version) {
        // A renewed listing replaces its aged one and counts as the newest.
        this.listings.delete(key);
        if (this.listings.size >= this.maxListings) this.listings.delete(this.listings.keys().next().value as string);
        this.listings.set(key, { version, listing, mark });
      }
      return listing;
    } finally {
      if (this.builds.get(key)?.version === version) this.builds.delete(key);
    }
  }
}
