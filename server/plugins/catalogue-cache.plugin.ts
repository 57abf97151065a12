import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { CATALOGUE_ANSWER_MAX_AGE_MS, catalogueVersion, noteCatalogueChanged } from '../repositories/catalogue-cache.js';
import { acceptsGzip, acceptsGzipEncoding, COMPRESS_JSON_FROM_BYTES } from './json-compression.js';
import type { FrontDoor } from './front-door.js';
import { ListingIndex } from '../repositories/listing-index.js';
import { KeptPages } from '../repositories/kept-pages.js';
import type { ProductPage } from '../repositories/product-rows.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product lists' ids in list order, per listing version (server/repositories/listing-index.ts). */
    listings: ListingIndex;
    /** Pages of products (lists, special categories, details) as every caller sees them, for signed-in customers' answers (server/repositories/kept-pages.ts). */
    keptPages: KeptPages<ProductPage>;
  }
}

/** Public catalogue reads whose answers are kept, by the exact request URL. */
export const CACHED_CATALOGUE_ROUTES = new Set([
  '/api/categories',
  '/api/special-categories',
  '/api/products',
  '/api/Product/detail/:productId',
  '/api/Product/special/:specialCategoryId',
  '/api/Offer/all/:companyId/:branchId',
  '/api/Offer/products/:offerId',
]);

export interface CatalogueCacheOptions {
  /**
   * Longest time an answer is reused even without a change being noted. It bounds what this
   * instance cannot see: changes made by another server instance on the same database, and a
   * read that overlapped a PostgreSQL transaction that had not committed yet. 0 keeps nothing.
   */
  maxAgeMs?: number;
  maxEntries?: number;
  /** How long a product list's kept ids are reused as they are without a change being noted; older ones are renewed in the background. */
  listingMaxAgeMs?: number;
  /** The database's mark of writes by other connections (DatabaseHandle.outsideWrites), where it has one. */
  outsideWrites?: () => number;
  /**
   * The HTTP server's door (server/plugins/front-door.ts): when given, fresh kept answers are
   * sent from it, before Fastify, with the headers Fastify sent with them (decision 031).
   */
  frontDoor?: FrontDoor;
}

interface Entry {
  version: number;
  at: number;
  /** The serialized answer as bytes, so a hit neither encodes nor measures a string again. */
  body: Buffer;
  /** The same bytes gzipped once, for the phones (every browser) that accept it. */
  gzip: Buffer | null;
  contentType: string;
  /** Every header a hit carries, as Fastify's hooks gave them to the answer when it was kept: for the body, and for its gzip. */
  heads: { plain: OutgoingHttpHeaders; gzip: OutgoingHttpHeaders | null };
}

/** Headers of one answer that a hit sends anew: its framing, its encoding, whether it is a hit, the connection's fate. */
const PER_ANSWER_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'x-cache', 'connection'];

/** A kept answer's headers for its hits, from the headers its miss was given by the hooks that ran before it was kept. */
function hitHeads(given: OutgoingHttpHeaders, body: Buffer, gzip: Buffer | null): Entry['heads'] {
  const shared: OutgoingHttpHeaders = { ...given };
  for (const name of PER_ANSWER_HEADERS) delete shared[name];
  shared['vary'] = 'accept-encoding';
  shared['x-cache'] = 'hit';
  return {
    plain: { ...shared, 'content-length': body.length },
    gzip: gzip ? { ...shared, 'content-encoding': 'gzip', 'content-length': gzip.length } : null,
  };
}

interface Pending {
  version: number;
  waiters: ((entry: Entry | null) => void)[];
}

/** How long an answer is reused at most by default (server/repositories/catalogue-cache.ts). */
export { CATALOGUE_ANSWER_MAX_AGE_MS };
const DEFAULT_MAX_ENTRIES = 2000;
const pendingKey = Symbol('catalogueCachePending');

type CacheRequest = FastifyRequest & { [pendingKey]?: Pending | null };

/**
 * Answers repeated anonymous catalogue reads from memory, already serialized: a product list
 * costs a handful of queries and ~18 KB of JSON to build, and every visitor asks for the same
 * pages. Answers to requests with a bearer token are never kept (their cartQty is the caller's
 * own); a signed-in customer's products are built on a kept page instead (app.keptPages).
 * Only 200 answers are kept; concurrent misses for one URL wait for the first to finish.
 * A cached list is a display concern only: orders reserve stock with guarded UPDATEs.
 */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance, options: CatalogueCacheOptions) => {
    const maxAgeMs = options.maxAgeMs ?? CATALOGUE_ANSWER_MAX_AGE_MS;
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    const entries = new Map<string, Entry>();
    const pending = new Map<string, Pending>();

    const fresh = (entry: Entry | undefined, now: number): entry is Entry =>
      entry !== undefined && entry.version === catalogueVersion() && now - entry.at < maxAgeMs;

    const off = app.live.onCatalogue(() => noteCatalogueChanged());
    app.decorate('keptPages', new KeptPages<ProductPage>({ maxAgeMs }));
    app.decorate(
      'listings',
      new ListingIndex({
        maxAgeMs: options.listingMaxAgeMs,
        outsideWrites: options.outsideWrites,
        onError: (error, key) => app.log.warn({ err: error, listing: key }, 'renewing a product listing failed; the previous one is kept'),
      }),
    );

    function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
      reply.header('content-type', entry.contentType).header('vary', 'accept-encoding').header('x-cache', 'hit');
      if (entry.gzip && acceptsGzip(request)) {
        reply.header('content-encoding', 'gzip').send(entry.gzip);
      } else {
        reply.send(entry.body);
      }
    }

    /**
     * A hook in the callback style: an answer sent from memory ends the request's hooks there, as
     * `done` is not called. (An async hook that sends would let Fastify go on to the route while
     * the answer's send hooks run, so the route would build the answer again for nothing.)
     */
    function serveCached(request: CacheRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
      if (request.method !== 'GET' || request.headers.authorization !== undefined) return done();
      const key = request.url;
      const now = Date.now();
      const entry = entries.get(key);
      if (fresh(entry, now)) {
        send(request, reply, entry);
        return;
      }
      if (entry) entries.delete(key);
      const inFlight = pending.get(key);
      if (inFlight && inFlight.version === catalogueVersion()) {
        inFlight.waiters.push((made) => (made ? send(request, reply, made) : done()));
        return;
      }
      const mine: Pending = { version: catalogueVersion(), waiters: [] };
      pending.set(key, mine);
      request[pendingKey] = mine;
      done();
    }

    function settle(request: CacheRequest, entry: Entry | null): void {
      const mine = request[pendingKey];
      if (!mine) return;
      request[pendingKey] = null;
      const key = request.url;
      if (pending.get(key) === mine) pending.delete(key);
      for (const resolve of mine.waiters) resolve(entry);
    }

    async function keep(request: CacheRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const mine = request[pendingKey];
      if (!mine) return payload;
      // Kept only if nothing changed while it was being read.
      if (reply.statusCode === 200 && typeof payload === 'string' && mine.version === catalogueVersion()) {
        const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        const body = Buffer.from(payload);
        const gzip = body.length >= COMPRESS_JSON_FROM_BYTES ? zlib.gzipSync(body, { level: 6 }) : null;
        const entry: Entry = {
          version: mine.version,
          at: Date.now(),
          body,
          gzip,
          contentType,
          heads: hitHeads(reply.getHeaders() as OutgoingHttpHeaders, body, gzip),
        };
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(request.url, entry);
        settle(request, entry);
        reply.header('vary', 'accept-encoding').header('x-cache', 'miss');
        if (entry.gzip && acceptsGzip(request)) {
          reply.header('content-encoding', 'gzip');
          return entry.gzip;
        }
        return entry.body;
      } else {
        settle(request, null);
      }
      return payload;
    }

    // Waiters of a request that failed or was aborted go on to read for themselves.
    async function release(request: CacheRequest): Promise<void> {
      settle(request, null);
    }

    /**
     * A fresh kept answer for an anonymous GET, sent by the HTTP server itself. Anything else (a
     * token, another method, an answer missing or out of date, a server closing) goes to Fastify,
     * whose hook above answers, waits or reads exactly as before.
     */
    function serveAtDoor(request: IncomingMessage, response: ServerResponse): boolean {
      if (request.method !== 'GET' || request.headers.authorization !== undefined) return false;
      const entry = entries.get(request.url ?? '');
      if (!fresh(entry, Date.now())) return false;
      if (entry.heads.gzip !== null && entry.gzip !== null && acceptsGzipEncoding(request.headers['accept-encoding'])) {
        response.writeHead(200, entry.heads.gzip);
        response.end(entry.gzip);
      } else {
        response.writeHead(200, entry.heads.plain);
        response.end(entry.body);
      }
      return true;
    }

    const door = options.frontDoor;
    if (door && maxAgeMs > 0) {
      door.open(serveAtDoor, (error) => app.log.error({ err: error }, 'a kept catalogue answer failed at the door; Fastify answers instead'));
      // From here on Fastify answers, so every answer of a closing server says `connection: close`.
      app.addHook('preClose', async () => door.shut());
    }

    const asArray = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

    app.addHook('onRoute', (route: RouteOptions) => {
      if (maxAgeMs === 0) return;
      const methods = asArray(route.method);
      if (!methods.includes('GET') || !CACHED_CATALOGUE_ROUTES.has(route.url ?? '')) return;
      route.onRequest = [...asArray(route.onRequest), serveCached] as RouteOptions['onRequest'];
      route.onSend = [...asArray(route.onSend), keep] as RouteOptions['onSend'];
      route.onResponse = [...asArray(route.onResponse), release] as RouteOptions['onResponse'];
      route.onRequestAbort = [...asArray(route.onRequestAbort), release] as RouteOptions['onRequestAbort'];
    });

    app.addHook('onClose', async () => {
      off();
      entries.clear();
      app.keptPages.clear();
      app.listings.clear();
    });
  },
  { name: 'catalogue-cache', dependencies: [] },
);
