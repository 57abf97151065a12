import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { completeResponse, RawHttpClient } from '../../bench/raw-http.js';

const byLength = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Cache: hit\r\nContent-Length: 14\r\n\r\n{"Data":[1,2]}';
const chunked = 'HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\nx-cache: miss\r\n\r\n5\r\nhello\r\nb\r\n, the world\r\n0\r\n\r\n';

describe('the bench’s HTTP/1.1 answer framing', () => {
  it('finds the end, status and cache state of an answer framed by length or in chunks', () => {
    expect(completeResponse(Buffer.from(byLength))).toEqual({ end: byLength.length, status: 200, cacheHit: true });
    expect(completeResponse(Buffer.from(chunked))).toEqual({ end: chunked.length, status: 404, cacheHit: false });
  });

  it.each([
    ['names in any case, spaces around values', 'HTTP/1.1 200 OK\r\nCONTENT-LENGTH:  2 \r\nX-CACHE:   HIT \r\n\r\nok', true],
    ['the cache state as the last header line', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\nx-cache: hit\r\n\r\nok', true],
    ['a value that only starts like hit', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\nx-cache: hitless\r\n\r\nok', false],
    ['a header whose name only ends like x-cache', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\nmy-x-cache: hit\r\n\r\nok', false],
    ['no cache header and no body', 'HTTP/1.1 204 No Content\r\ndate: now\r\n\r\n', false],
  ])('reads the length and the cache state with %s', (_name, answer, hit) => {
    expect(completeResponse(Buffer.from(answer))).toEqual({ end: answer.length, status: Number(answer.slice(9, 12)), cacheHit: hit });
  });

  it('waits for the whole answer however the bytes arrive, and leaves the next answer’s bytes alone', () => {
    const two = Buffer.from(chunked + byLength);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: two.length }), (cut) => {
        const first = completeResponse(two.subarray(0, cut));
        if (cut < chunked.length) expect(first).toBeNull();
        else expect(first).toEqual({ end: chunked.length, status: 404, cacheHit: false });
        const second = completeResponse(two.subarray(chunked.length, Math.max(cut, chunked.length)));
        expect(second === null).toBe(cut < two.length);
      }),
    );
  });
});

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('the bench’s raw HTTP client', () => {
  it('sends each request once its connection is free, over no more connections than allowed, and reads length and chunked answers', async () => {
    const sockets = new Set<unknown>();
    let inFlight = 0;
    let mostInFlight = 0;
    server = http.createServer((req, res) => {
      sockets.add(req.socket);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.setHeader('x-cache', req.headers['x-want'] === 'hit' ? 'hit' : 'miss');
        if (req.url === '/chunked') {
          res.write('part one, ');
          res.end('part two');
        } else res.end(JSON.stringify({ path: req.url }));
      }, 5);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new RawHttpClient(`http://127.0.0.1:${port}`, 3, { 'x-want': 'hit' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.get(i % 2 === 0 ? '/chunked' : `/item/${i}`)));
    client.close();
    expect(answers).toHaveLength(20);
    expect(answers.every((a) => a.status === 200 && a.cacheHit)).toBe(true);
    expect(sockets.size).toBe(3);
    expect(mostInFlight).toBe(3);
  });

  it('fails every request, queued ones too, when the server refuses the connection', async () => {
    server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const client = new RawHttpClient(`http://127.0.0.1:${port}`, 2);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => client.get('/')));
    client.close();
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('rejected'));
  });
});
