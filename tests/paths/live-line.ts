/**
 * The page's live connection, run through the test: it can be held closed at the start (the
 * negotiate request waits), cut as a dropped network cuts it, and let back. Pushes pass
 * unchanged; the line only counts them, so a step can wait for the server's answer to the join.
 */
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { RequestGate } from './network-gates.js';

const RECORD_SEPARATOR = '\u001e';

export class LiveLine {
  private readonly sockets: { client: WebSocketRoute; server: WebSocketRoute }[] = [];
  /** Times the server answered the page's JoinCompanyGroup: the connection was in use. */
  joins = 0;
  /** ReceiveCatalogueUpdate and other pushes the server sent. */
  pushes = 0;

  private constructor(readonly negotiate: RequestGate) {}

  /** Watches the page's live connection; with `held`, it cannot open until `open()`. */
  static async on(context: BrowserContext, page: Page, options: { held?: boolean } = {}): Promise<LiveLine> {
    const line = new LiveLine(await RequestGate.on(page, 'POST', /\/catalogueHub\/negotiate/, options.held ? 'hold' : 'pass'));
    await context.routeWebSocket(/\/catalogueHub/, (client) => {
      const server = client.connectToServer();
      line.sockets.push({ client, server });
      server.onMessage((message) => {
        const records = typeof message === 'string' ? message.split(RECORD_SEPARATOR) : [];
        if (records.some((r) => r.startsWith('{"type":3'))) line.joins += 1;
        if (records.some((r) => r.startsWith('{"type":1'))) line.pushes += 1;
        client.send(message);
      });
      client.onMessage((message) => server.send(message));
    });
    return line;
  }

  /** Waits until the connection has been joined `count` times in all. */
  async joined(count = 1, timeout = 15_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (this.joins < count) {
      if (Date.now() > deadline) throw new Error(`The live connection was joined ${this.joins} times, expected ${count}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Lets the (held) connection open and waits until it is in use. */
  async open(): Promise<void> {
    const joins = this.joins;
    await this.negotiate.arrived();
    await this.negotiate.release();
    await this.joined(joins + 1);
  }

  /** Cuts the connection like a dropped network and holds its way back; resolves once it tries to come back. */
  async cut(): Promise<void> {
    this.negotiate.setMode('hold');
    const before = this.negotiate.count;
    for (const { client, server } of this.sockets.splice(0)) {
      await server.close({ code: 4000, reason: 'network lost' }).catch(() => undefined);
      await client.close({ code: 4000, reason: 'network lost' }).catch(() => undefined);
    }
    await this.negotiate.arrived(before + 1);
  }

  async close(): Promise<void> {
    await this.negotiate.close();
  }
}
