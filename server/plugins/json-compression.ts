import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

const gzip = promisify(zlib.gzip);

/** Smaller answers gain too little from compression to be worth a header (here and in the catalogue cache). */
export const COMPRESS_JSON_FROM_BYTES = 1024;
/**
 * zlib's fastest level: each answer is compressed once, for one caller. A signed-in customer's
 * product list (about 27 KB) becomes about 4.6 KB at level 1 and 3.9 KB at level 6, at about half
 * the CPU (decision 027).
 */
export const JSON_GZIP_LEVEL = 1;
/**
 * Answers up to this size are gzipped on the event loop: a signed-in customer's 27 KB product
 * list takes about 0.08 ms there, less than handing it to libuv's thread pool costs the event
 * loop in stream and callback work (decision 027). Larger answers go to the thread pool, so one
 * big answer never holds up the others.
 */
export const GZIP_ON_LOOP_UP_TO_BYTES = 64 * 1024;

/** The answer gzipped at JSON_GZIP_LEVEL: at once when it is small, on the thread pool when it is large. */
export function gzipAnswer(body: string | Buffer): Buffer | Promise<Buffer> {
  if (Buffer.byteLength(body) <= GZIP_ON_LOOP_UP_TO_BYTES) return zlib.gzipSync(body, { level: JSON_GZIP_LEVEL });
  return gzip(body, { level: JSON_GZIP_LEVEL });
}

/** Whether the caller takes gzip (encoding names are case-insensitive). */
export const acceptsGzip = (request: FastifyRequest): boolean => /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));

/** Adds accept-encoding to the answer's Vary header, keeping what is already there. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const names = typeof vary === 'string' ? vary.split(',').map((name) => name.trim().toLowerCase()) : [];
  if (!names.includes('accept-encoding')) reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * Gzips the JSON answers of the routes of `scope` (the API) for callers that accept it: the
 * answers made for one caller (a signed-in customer's product list, their orders, their cart),
 * which the catalogue cache does not keep compressed. An answer already encoded (a kept catalogue
 * answer) and one under COMPRESS_JSON_FROM_BYTES are sent as they are; see gzipAnswer for where
 * the compression runs. It is each route's last answer hook, so the route's
 * own hooks (the catalogue cache's keeping) see the answer uncompressed. Call it before the
 * scope's routes are added.
 */
export function compressJsonAnswers(scope: FastifyInstance): void {
  const compress = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_JSON_FROM_BYTES) return payload;
    varyOnEncoding(reply);
    if (!acceptsGzip(request)) return payload;
    const body = await gzipAnswer(payload);
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return body;
  };
  // A hook added with addHook would run before the routes' own answer hooks; each route's last one runs after them.
  scope.addHook('onRoute', (route: RouteOptions) => {
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compress] as RouteOptions['onSend'];
  });
}
