import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export interface RoundRobinProxy {
  url: string;
  /** How many HTTP requests and WebSockets went to each target, by target url. */
  counts: Map<string, number>;
  /** The target that negotiated each connection (and so holds it), by connection id. */
  owners: Map<string, string>;
  /** Ends every client socket at once, as a network drop would; with `offlineMs`, refuses new ones that long. */
  cut(offlineMs?: number): void;
  close(): Promise<void>;
}

/**
 * A load balancer without sticky sessions in front of several shop instances: each HTTP request
 * and each WebSocket goes to the next target in turn. A target that refuses the connection is
 * skipped (as a balancer's passive health check would); nothing else is retried.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  // One turn for requests and sockets alike, so a WebSocket goes elsewhere than its negotiate.
  let turn = 0;
  let offlineUntil = 0;
  const counts = new Map<string, number>(targets.map((t) => [t, 0]));
  const owners = new Map<string, string>();
  const clientSockets = new Set<Duplex>();
  const upstreamSockets = new Set<Duplex>();
  const track = (set: Set<Duplex>, socket: Duplex) => {
    set.add(socket);
    socket.once('close', () => set.delete(socket));
  };

  const forward = (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, index: number, attempt = 0) => {
    const target = targets[index % targets.length] as string;
    const url = new URL(target);
    const upstream = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: request.url, headers: { ...request.headers, connection: 'close' }, agent: false },
      (answer) => {
        counts.set(target, (counts.get(target) ?? 0) + 1);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (request.url?.startsWith('/catalogueHub/negotiate')) {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            try {
              owners.set((JSON.parse(body.toString()) as { connectionId: string }).connectionId, target);
            } catch {
              // not a negotiate answer
            }
            response.end(body);
          });
        } else {
          answer.pipe(response);
        }
        response.once('close', () => answer.destroy());
        // The instance went away in the middle of an answer (a held poll, an event stream): so does the client's.
        answer.once('close', () => {
          if (!answer.complete) response.destroy();
        });
      },
    );
    upstream.on('socket', (socket) => track(upstreamSockets, socket));
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && attempt + 1 < targets.length) return forward(request, response, body, index + 1, attempt + 1);
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, Buffer.concat(chunks), turn++));
  });
  server.on('connection', (socket) => {
    if (Date.now() < offlineUntil) return socket.destroy();
    track(clientSockets, socket);
  });
  server.on('upgrade', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const open = (index: number, attempt = 0) => {
      const target = new URL(targets[index % targets.length] as string);
      const upstream = net.connect(Number(target.port), target.hostname);
      track(upstreamSockets, upstream);
      upstream.once('connect', () => {
        counts.set(target.origin, (counts.get(target.origin) ?? 0) + 1);
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && attempt + 1 < targets.length && !client.destroyed) return open(index + 1, attempt + 1);
        client.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.on('error', () => upstream.destroy());
    };
    open(turn++);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    owners,
    cut(offlineMs = 0) {
      offlineUntil = Date.now() + offlineMs;
      for (const socket of clientSockets) socket.destroy();
      for (const socket of upstreamSockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...clientSockets, ...upstreamSockets]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
