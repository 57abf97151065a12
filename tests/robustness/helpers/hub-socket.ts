import { WebSocket } from 'ws';

export const RS = '\u001e';

export interface HubSocket {
  socket: WebSocket;
  /** Every record the server sent, parsed when it was JSON. */
  records: unknown[];
  closed: Promise<void>;
  isClosed(): boolean;
  send(text: string | Buffer): void;
  /** Resolves when a record matches or the socket closes (false), or after the timeout (null: a hang). */
  waitFor(match: (record: unknown) => boolean, timeoutMs: number): Promise<boolean | null>;
  close(): void;
}

/** Negotiates and opens a raw WebSocket to the hub (no SignalR client, so any frame can be sent). */
export async function openHubSocket(base: string, token: string | null): Promise<{ status: number; hub: HubSocket | null; body: string }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await fetch(`${base}/catalogueHub/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  const body = await res.text();
  if (res.status !== 200) return { status: res.status, hub: null, body };
  const { connectionToken } = JSON.parse(body) as { connectionToken: string };
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/catalogueHub?id=${encodeURIComponent(connectionToken)}`, { headers });
  const records: unknown[] = [];
  const waiters = new Set<() => void>();
  let closed = false;
  let partial = '';
  socket.on('message', (data) => {
    partial += data.toString();
    const parts = partial.split(RS);
    partial = parts.pop() ?? '';
    for (const part of parts) {
      try {
        records.push(JSON.parse(part));
      } catch {
        records.push(part);
      }
    }
    for (const wake of waiters) wake();
  });
  const closedPromise = new Promise<void>((resolve) => {
    socket.on('close', () => {
      closed = true;
      for (const wake of waiters) wake();
      resolve();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, r) => reject(new Error(`WebSocket refused: ${r.statusCode}`)));
    socket.once('error', reject);
  });
  const hub: HubSocket = {
    socket,
    records,
    closed: closedPromise,
    isClosed: () => closed,
    send(text) {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    waitFor(match, timeoutMs) {
      return new Promise((resolve) => {
        const check = () => {
          if (records.some(match)) return finish(true);
          if (closed) return finish(false);
        };
        const timer = setTimeout(() => finish(null), timeoutMs);
        const finish = (value: boolean | null) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(value);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    },
  };
  return { status: 200, hub, body };
}
