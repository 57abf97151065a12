import net from 'node:net';

/** What the open loop keeps of an answer. */
export interface RawAnswer {
  status: number;
  cacheHit: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');
/** Header lines the client reads, found in the head as text: one pass each, no split into lines. */
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*\r\n/i;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i;
const CACHE_HIT = /\r\nx-cache:[ \t]*hit[ \t]*\r\n/i;

/**
 * The end of the first whole HTTP/1.1 response in `buffer`, with its status and whether it
 * carried `x-cache: hit`; null while it is incomplete. Bodies are framed by Content-Length or
 * chunked transfer encoding, as Node servers send them.
 */
export function completeResponse(buffer: Buffer): (RawAnswer & { end: number }) | null {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd === -1) return null;
  // The head's CRLF before the blank line is kept, so every header line, the last one too, ends in CRLF.
  const head = buffer.toString('latin1', 0, headEnd + LINE_END.length);
  const status = Number(head.slice(9, 12));
  const length = CONTENT_LENGTH.exec(head);
  const chunked = CHUNKED.test(head);
  const cacheHit = CACHE_HIT.test(head);
  let at = headEnd + HEAD_END.length;
  if (!chunked) {
    const end = at + (length ? Number(length[1]) : 0);
    return buffer.length >= end ? { end, status, cacheHit } : null;
  }
  for (;;) {
    const lineEnd = buffer.indexOf(LINE_END, at);
    if (lineEnd === -1) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    // A chunk: its size line, its bytes and CRLF; the last one (size 0) is followed by CRLF (no trailers).
    const end = lineEnd + LINE_END.length + size + LINE_END.length;
    if (buffer.length < end) return null;
    if (size === 0) return { end, status, cacheHit };
    at = end;
  }
}

/** Called once with the answer, or with the error that left the request without one. */
export type AnswerCallback = (error: Error | null, answer?: RawAnswer) => void;

interface Waiting {
  bytes: Buffer;
  done: AnswerCallback;
}

/** One keep-alive connection that sends a request once the answer before it is in. */
class RawConnection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private current: Waiting | null = null;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly onFree: (connection: RawConnection) => void,
    onClosed: (connection: RawConnection) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    const fail = (error: Error) => {
      if (this.closed) return;
      this.closed = true;
      const current = this.current;
      this.current = null;
      current?.done(error);
      onClosed(this);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the connection closed before its answer')));
  }

  send(waiting: Waiting): void {
    this.current = waiting;
    this.socket.write(waiting.bytes);
  }

  private receive(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const answer = completeResponse(this.received);
    if (!answer) return;
    this.received = this.received.subarray(answer.end);
    const current = this.current;
    this.current = null;
    current?.done(null, { status: answer.status, cacheHit: answer.cacheHit });
    this.onFree(this);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * GET requests over at most `maxConnections` keep-alive connections, each written as one
 * prepared buffer and read with the small parser above. It costs the bench process a fraction of
 * what a general client does per request, so on a 2-core machine that it shares with the server
 * it keeps a schedule of tens of thousands of requests a second. A request due while every
 * connection is busy waits for the first one free.
 */
export class RawHttpClient {
  private readonly origin: URL;
  private readonly connections = new Set<RawConnection>();
  private readonly free: RawConnection[] = [];
  private readonly queue: Waiting[] = [];
  private readonly headerLines: string;
  private closing = false;
  /** The last path's request bytes: a load that asks for one path again and again writes the same buffer. */
  private last: { path: string; bytes: Buffer } | null = null;

  constructor(
    url: string,
    private readonly maxConnections: number,
    headers: Record<string, string> = {},
  ) {
    this.origin = new URL(url);
    this.headerLines = Object.entries({ host: this.origin.host, ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  }

  get(path: string): Promise<RawAnswer> {
    return new Promise((resolve, reject) =>
      this.request(path, (error, answer) => (error || !answer ? reject(error ?? new Error('no answer')) : resolve(answer))),
    );
  }

  /**
   * `get` without a promise: `done` is called once with the answer or the error. A load that
   * sends tens of thousands of requests a second allocates only what each request needs and keeps
   * nothing of it after its answer.
   */
  request(path: string, done: AnswerCallback): void {
    if (this.last?.path !== path) this.last = { path, bytes: Buffer.from(`GET ${path} HTTP/1.1\r\n${this.headerLines}\r\n`, 'latin1') };
    const waiting: Waiting = { bytes: this.last.bytes, done };
    const connection = this.freeConnection();
    if (connection) connection.send(waiting);
    else this.queue.push(waiting);
  }

  private freeConnection(): RawConnection | null {
    // A connection that closed has left `connections` already (replace); one may still be on the free list.
    while (this.free.length > 0) {
      const connection = this.free.pop() as RawConnection;
      if (!connection.closed) return connection;
    }
    if (this.connections.size >= this.maxConnections) return null;
    const connection = new RawConnection(
      this.origin.hostname,
      Number(this.origin.port || 80),
      (freed) => this.release(freed),
      (lost) => this.replace(lost),
    );
    this.connections.add(connection);
    return connection;
  }

  private release(connection: RawConnection): void {
    const next = this.queue.shift();
    if (next) connection.send(next);
    else this.free.push(connection);
  }

  /** A connection that closed: a request waiting for one gets a new connection. */
  private replace(connection: RawConnection): void {
    this.connections.delete(connection);
    if (this.closing || this.queue.length === 0) return;
    const next = this.freeConnection();
    const waiting = next ? this.queue.shift() : undefined;
    if (next && waiting) next.send(waiting);
  }

  close(): void {
    this.closing = true;
    for (const connection of this.connections) connection.destroy();
    this.connections.clear();
    this.free.length = 0;
    for (const waiting of this.queue.splice(0)) waiting.done(new Error('the client closed'));
  }
}
