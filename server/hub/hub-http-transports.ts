import type { ServerResponse } from 'node:http';
import type { HubTransport } from './hub-connection.js';

/**
 * Server-Sent Events: the server-to-client half of a connection, paired with HTTP POST sends.
 * Each frame is one unnamed event; its data lines carry the records.
 */
export class ServerSentEventsTransport implements HubTransport {
  readonly name = 'ServerSentEvents' as const;

  constructor(
    private readonly response: ServerResponse,
    private readonly maxBuffered: number,
    private readonly onStuck: () => void,
  ) {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold the events back.
      'x-accel-buffering': 'no',
      // The stream is written past Fastify's hooks, so it names the header every other answer gets there.
      'x-content-type-options': 'nosniff',
    });
    response.write(':\r\n\r\n');
  }

  send(payload: string): void {
    if (this.response.writableEnded) return;
    if (this.response.writableLength > this.maxBuffered) {
      this.onStuck();
      return;
    }
    const lines = payload.split(/\r\n|\r|\n/);
    this.response.write(`${lines.map((line) => `data: ${line}\r\n`).join('')}\r\n`);
  }

  close(): void {
    if (!this.response.writableEnded) this.response.end();
  }
}

export interface PollResult {
  status: 200 | 204;
  body: string;
}

/**
 * Long polling: records wait in a queue until the client's next GET collects them. A poll
 * with nothing to collect is held open, then answered empty so the client polls again; a
 * closed connection answers 204 once its last records are collected.
 */
export class LongPollingTransport implements HubTransport {
  readonly name = 'LongPolling' as const;
  private queue: string[] = [];
  private queuedChars = 0;
  private waiting: { resolve: (result: PollResult) => void; timer: NodeJS.Timeout } | null = null;
  private ended = false;

  constructor(
    private readonly holdMs: number,
    private readonly maxQueued: number,
    private readonly onStuck: () => void,
  ) {}

  get hasQueued(): boolean {
    return this.queue.length > 0;
  }

  send(payload: string): void {
    if (this.ended) return;
    if (this.queuedChars + payload.length > this.maxQueued) {
      this.onStuck();
      return;
    }
    this.queue.push(payload);
    this.queuedChars += payload.length;
    this.flush();
  }

  /** The client's GET: resolves with the queued records, or empty after the hold time. */
  poll(): Promise<PollResult> {
    // A newer poll replaces an older one still held (the client timed out on its side).
    this.answer({ status: 204, body: '' });
    if (this.queue.length > 0 || this.ended) return Promise.resolve(this.take());
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.answer({ status: 200, body: '' }), this.holdMs);
      this.waiting = { resolve, timer };
    });
  }

  /** The client went away while its poll was held. */
  abandon(): void {
    this.answer({ status: 200, body: '' });
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.flush();
  }

  private take(): PollResult {
    if (this.queue.length === 0) return { status: this.ended ? 204 : 200, body: '' };
    const body = this.queue.join('');
    this.queue = [];
    this.queuedChars = 0;
    return { status: 200, body };
  }

  private flush(): void {
    if (this.waiting) this.answer(this.take());
  }

  private answer(result: PollResult): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    clearTimeout(waiting.timer);
    waiting.resolve(result);
  }
}
