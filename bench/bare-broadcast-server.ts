/**
 * The baseline for hub fan-out: a bare `ws` server that sends one text frame to every open
 * socket when asked (POST /broadcast with the frame as the body). No protocol, no groups.
 *
 * It sends the way the hub sends a group push, so the two do the same work per socket: the
 * frame is encoded once, and every socket's `WebSocket.send` is handed that same buffer as a
 * text frame, uncompressed (`perMessageDeflate: false`, as the hub's server).
 */
import http from 'node:http';
import { WebSocketServer, WebSocket } from 'ws';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const frame = Buffer.concat(chunks);
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(frame, { binary: false });
    res.writeHead(200).end('sent');
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});
