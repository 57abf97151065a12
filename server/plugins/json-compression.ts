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

/** What Node's zlib streams hold and zlib.gzipSync drives: the native handle and the counts it writes back. */
interface ZlibInternals {
  _handle?: { writeSync?: (flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number) => void };
  _writeState?: Uint32Array;
}

/**
 * One gzip compressor kept for every answer compressed on the event loop, reset between them.
 * zlib.gzipSync makes a new compressor for each call: about 256 KB of zlib's tables taken from the
 * C heap and given back, and a native object freed only when the garbage collector gets to its
 * JavaScript wrapper. Under a stream of signed-in answers those small objects landed in the
 * holes the tables left, and the process kept some 70 MB of C heap it no longer used
 * (docs/performance.md). This drives the kept compressor's native handle as gzipSync drives its
 * own, through the stream's internal `_handle.writeSync` and `_writeState`; when a Node.js
 * release lacks them, or an answer does not fit, gzipSync compresses it instead.
 */
export class KeptGzip {
  private engine: (zlib.Gzip & Partial<zlib.ZlibReset>) | null = null;
  private readonly out: Buffer;

  /**
   * @param outBytes the room for one compressed answer (an answer that needs more is compressed by gzipSync)
   * @param create makes the compressor (zlib's, at JSON_GZIP_LEVEL)
   */
  constructor(
    outBytes = GZIP_ON_LOOP_UP_TO_BYTES + 1024,
    private readonly create: () => zlib.Gzip = () => zlib.createGzip({ level: JSON_GZIP_LEVEL }),
  ) {
    this.out = Buffer.allocUnsafeSlow(outBytes);
  }

  private fresh(): zlib.Gzip & Partial<zlib.ZlibReset> {
    const engine = this.create();
    // A zlib error destroys the stream: the next answer gets a new compressor.
    engine.on('error', () => {
      if (this.engine === engine) this.engine = null;
    });
    return engine;
  }

  compress(input: Buffer): Buffer {
    const engine = (this.engine ??= this.fresh());
    const { _handle: handle, _writeState: state } = engine as unknown as ZlibInternals;
    const reset = engine.reset?.bind(engine);
    const fallback = () => zlib.gzipSync(input, { level: JSON_GZIP_LEVEL });
    if (typeof handle?.writeSync !== 'function' || !(state instanceof Uint32Array) || reset === undefined) return fallback();
    try {
      handle.writeSync(zlib.constants.Z_FINISH, input, 0, input.length, this.out, 0, this.out.length);
    } catch {
      this.engine = null;
      return fallback();
    }
    if (engine.destroyed) {
      this.engine = null;
      return fallback();
    }
    const [outLeft = 0, inLeft = 0] = state;
    // Unfinished (the answer needed more room than `out`): start the compressor over for the next one.
    if (inLeft !== 0 || outLeft === 0) {
      reset();
      return fallback();
    }
    const body = Buffer.allocUnsafe(this.out.length - outLeft);
    this.out.copy(body, 0, 0, body.length);
    reset();
    return body;
  }
}

const keptGzip = new KeptGzip();

/** The answer gzipped at JSON_GZIP_LEVEL: at once when it is small, on the thread pool when it is large. */
export function gzipAnswer(body: string | Buffer): Buffer | Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length <= GZIP_ON_LOOP_UP_TO_BYTES) return keptGzip.compress(bytes);
  return gzip(bytes, { level: JSON_GZIP_LEVEL });
}

/** Whether the caller takes gzip (encoding names are case-insensitive). */
export const acceptsGzipEncoding = (acceptEncoding: string | string[] | undefined): boolean => /\bgzip\b/i.test(String(acceptEncoding ?? ''));
export const acceptsGzip = (request: FastifyRequest): boolean => acceptsGzipEncoding(request.headers['accept-encoding']);

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
