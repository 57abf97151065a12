/**
 * The baseline for hub fan-out: a bare `ws` server that sends one text frame to every open
 * socket when asked (POST /broadcast with the frame as the body). No protocol, no groups.
 */
import http from 'node:http';
import { WebSocketServer, WebSocket } from 'ws';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(body);
    res.writeHead(200).end('sent');
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});
