/**
 * Control over the page's traffic to the real server, so a path can stand in a state that
 * lasts only as long as a request does (loading, placing, verifying) or meet a network
 * failure. Requests that are let through reach the real server unchanged; nothing is faked.
 */
import type { BrowserContext, Page, Request, Route, WebSocketRoute } from 'playwright-core';

/** `serverError`: the request is answered 500 with the API's error envelope, as a failing server answers. */
type Mode = 'hold' | 'abort' | 'pass' | 'serverError';

export const SERVER_ERROR_MESSAGE = 'The shop could not answer just now.';

function answerServerError(route: Route): Promise<void> {
  return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ Success: false, Message: SERVER_ERROR_MESSAGE, Data: null }) });
}

export interface Seen {
  request: Request;
  at: number;
}

/** Holds, fails or passes the page's requests that match, and remembers each one. */
export class RequestGate {
  readonly seen: Seen[] = [];
  private held: Route[] = [];
  private readonly handler = (route: Route) => this.handle(route);

  private constructor(
    private readonly page: Page,
    private readonly url: RegExp,
    private readonly method: string,
    private mode: Mode,
  ) {}

  /** Starts watching `method url` requests of the page; `mode` says what happens to them. */
  static async on(page: Page, method: string, url: RegExp, mode: Mode = 'hold'): Promise<RequestGate> {
    const gate = new RequestGate(page, url, method, mode);
    await page.route(url, gate.handler);
    return gate;
  }

  private async handle(route: Route): Promise<void> {
    if (route.request().method() !== this.method) return route.fallback();
    this.seen.push({ request: route.request(), at: Date.now() });
    if (this.mode === 'abort') return route.abort('failed');
    if (this.mode === 'serverError') return answerServerError(route);
    if (this.mode === 'pass') return route.continue();
    this.held.push(route);
  }

  get count(): number {
    return this.seen.length;
  }

  get holding(): number {
    return this.held.length;
  }

  /** Waits until `count` matching requests have been made in all. */
  async arrived(count = 1, timeout = 15_000): Promise<Request> {
    const deadline = Date.now() + timeout;
    while (this.seen.length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} ${this.method} ${this.url} request(s), saw ${this.seen.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const entry = this.seen[count - 1];
    if (!entry) throw new Error('unreachable');
    return entry.request;
  }

  /** Lets the held requests and every later one through to the server. */
  async release(): Promise<void> {
    this.mode = 'pass';
    const held = this.held.splice(0);
    for (const route of held) await route.continue();
  }

  /** Fails the held requests as a dropped network would; later ones follow `then`. */
  async fail(then: Mode = 'abort'): Promise<void> {
    this.mode = then;
    const held = this.held.splice(0);
    for (const route of held) await route.abort('failed');
  }

  /** Answers the held requests 500, as a failing server does; later ones follow `then`. */
  async answerServerError(then: Mode = 'serverError'): Promise<void> {
    this.mode = then;
    const held = this.held.splice(0);
    for (const route of held) await answerServerError(route);
  }

  /** Answers the held requests 200 with this JSON, as a server holding it would; later ones follow `then`. */
  async answerJson(body: unknown, then: Mode = 'pass'): Promise<void> {
    this.mode = then;
    const held = this.held.splice(0);
    for (const route of held) await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  }

  /** From now on, matching requests are held (or failed, answered 500, or passed). */
  setMode(mode: Mode): void {
    this.mode = mode;
  }

  async close(): Promise<void> {
    this.mode = 'pass';
    const held = this.held.splice(0);
    for (const route of held) await route.continue().catch(() => undefined);
    await this.page.unroute(this.url, this.handler).catch(() => undefined);
  }
}

const RECORD_SEPARATOR = '\u001e';

/**
 * Sits on the page's hub WebSocket and can hold back pushes of one update kind (the hub's
 * ReceiveCatalogueUpdate with that first argument) until released. Every other frame passes.
 */
export class PushGate {
  private open = true;
  private readonly heldFrames: string[] = [];
  private readonly sockets = new Set<WebSocketRoute>();
  heldCount = 0;
  /** Frames the server sent through this gate, held or not. */
  framesSeen = 0;
  /** The server has answered an invocation (JoinCompanyGroup): the connection is in use. */
  private joined = false;

  private constructor(private readonly kind: string) {}

  static async on(context: BrowserContext, kind: string): Promise<PushGate> {
    const gate = new PushGate(kind);
    await context.routeWebSocket(/\/catalogueHub/, (ws) => {
      const server = ws.connectToServer();
      gate.sockets.add(ws);
      server.onMessage((message) => {
        gate.framesSeen += 1;
        if (typeof message !== 'string') return ws.send(message);
        const records = message.split(RECORD_SEPARATOR).filter(Boolean);
        if (records.some((r) => r.startsWith('{"type":3'))) gate.joined = true;
        const pass = records.filter((r) => gate.open || !gate.isHeldKind(r));
        const hold = records.filter((r) => !gate.open && gate.isHeldKind(r));
        for (const r of hold) {
          gate.heldFrames.push(`${r}${RECORD_SEPARATOR}`);
          gate.heldCount += 1;
        }
        if (pass.length > 0) ws.send(pass.map((r) => `${r}${RECORD_SEPARATOR}`).join(''));
      });
    });
    return gate;
  }

  private isHeldKind(record: string): boolean {
    try {
      const message = JSON.parse(record) as { type?: number; target?: string; arguments?: unknown[] };
      return message.type === 1 && message.target === 'ReceiveCatalogueUpdate' && message.arguments?.[0] === this.kind;
    } catch {
      return false;
    }
  }

  /** Waits until the page's live connection is up and has joined its groups. */
  async connected(timeout = 15_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (!this.joined) {
      if (Date.now() > deadline) throw new Error(`The page's live connection did not come up within ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  hold(): void {
    this.open = false;
  }

  /** Waits until at least one push has been held back. */
  async arrived(timeout = 15_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (this.heldCount === 0) {
      if (Date.now() > deadline)
        throw new Error(`No ${this.kind} push arrived within ${timeout} ms (${this.framesSeen} frames on ${this.sockets.size} sockets)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Delivers the held pushes to the page and lets later ones through. */
  release(): void {
    this.open = true;
    const frames = this.heldFrames.splice(0);
    for (const ws of this.sockets) {
      for (const frame of frames) {
        try {
          ws.send(frame);
        } catch {
          // a socket the page has since closed
        }
      }
    }
  }
}
