import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { FrontDoor, type DoorHandler } from '../../server/plugins/front-door.js';
import { noteCatalogueChanged } from '../../server/repositories/catalogue-cache.js';

/** A door that counts the requests it answered itself. */
class CountingDoor extends FrontDoor {
  served = 0;
  override open(handler: DoorHandler, onError: (error: unknown) => void): void {
    super.open((request, response) => {
      const answered = handler(request, response);
      if (answered) this.served += 1;
      return answered;
    }, onError);
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Everything an answer says but the time it was sent. */
const withoutDate = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

const LIST = '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20';
const DETAIL = '/api/Product/detail/1?branchId=1';
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

let door: CountingDoor;
let atDoor: TestApp;
let doorOrigin: string;
/** The same shop with its request log on: the door stays shut and Fastify answers every hit. */
let logged: TestApp;
let loggedOrigin: string;
const logLines: string[] = [];

beforeAll(async () => {
  door = new CountingDoor();
  atDoor = await buildTestApp({}, { frontDoor: door });
  doorOrigin = await listening(atDoor);
  logged = await buildTestApp({ logLevel: 'info' }, { logger: true, logStream: { write: (line: string) => void logLines.push(line) } });
  loggedOrigin = await listening(logged);
});
afterAll(async () => {
  await atDoor.close();
  await logged.close();
});

describe('kept catalogue answers at the HTTP server’s door', () => {
  it.each([
    ['a product list, gzipped', LIST, GZIP],
    ['a product list, plain', LIST, {}],
    ['a product page, gzipped', DETAIL, GZIP],
    ['a product page, plain', DETAIL, {}],
  ])('%s: a hit from the door carries the status, headers and bytes of a hit Fastify sends', async (_name, path, headers) => {
    noteCatalogueChanged();
    const before = door.served;
    const first = await get(doorOrigin, path, headers);
    const hit = await get(doorOrigin, path, headers);
    expect(first.headers['x-cache']).toBe('miss');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(door.served - before).toBe(1);

    await get(loggedOrigin, path, headers);
    const fastifyHit = await get(loggedOrigin, path, headers);
    expect(fastifyHit.headers['x-cache']).toBe('hit');
    expect(hit.status).toBe(200);
    expect(withoutDate(hit.headers)).toEqual(withoutDate(fastifyHit.headers));
    expect(hit.body.equals(first.body)).toBe(true);
    const json = (answer: Answer) => JSON.parse((answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body).toString());
    expect(json(hit)).toEqual(json(fastifyHit));
    expect(hit.headers['content-security-policy']).toBeDefined();
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hands on every request it cannot answer from memory, and Fastify answers it as before', async () => {
    const path = '/api/products?companyId=1&branchId=1&pageNumber=2&pageSize=5';
    await get(doorOrigin, path, GZIP);
    const customer = await createCustomer(atDoor.app);
    const before = door.served;

    const own = await get(doorOrigin, path, { ...GZIP, authorization: customer.auth.authorization });
    expect(own.status).toBe(200);
    expect(own.headers['x-cache']).toBeUndefined();

    const forged = await get(doorOrigin, path, { ...GZIP, authorization: 'Bearer not-a-token' });
    expect(forged.status).toBe(401);

    const head = await get(doorOrigin, path, GZIP, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const post = await get(doorOrigin, path, GZIP, 'POST');
    expect(post.status).toBe(404);

    const other = await get(doorOrigin, path.replace('pageNumber=2', 'pageNumber=4'), GZIP);
    expect(other.headers['x-cache']).toBe('miss');

    noteCatalogueChanged();
    const changed = await get(doorOrigin, path, GZIP);
    expect(changed.headers['x-cache']).toBe('miss');
    expect(door.served).toBe(before);

    const again = await get(doorOrigin, path, GZIP);
    expect(again.headers['x-cache']).toBe('hit');
    expect(door.served).toBe(before + 1);
  });

  it('stays shut in a shop that logs requests, so every hit is in its log', async () => {
    const path = '/api/products?companyId=1&branchId=1&pageNumber=3&pageSize=4';
    await get(loggedOrigin, path, GZIP);
    logLines.length = 0;
    const hit = await get(loggedOrigin, path, GZIP);
    expect(hit.headers['x-cache']).toBe('hit');
    const completed = logLines
      .map((line) => JSON.parse(line) as { msg?: string; res?: { statusCode?: number } })
      .filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.res?.statusCode).toBe(200);
  });
});

describe('the door itself', () => {
  async function serve(doorUnderTest: FrontDoor, fastifyOptions: Record<string, unknown> = {}) {
    let handedOn = 0;
    const server = doorUnderTest.serverFactory((_request, response) => {
      handedOn += 1;
      response.end('fastify');
    }, fastifyOptions);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { server, origin, handedOn: () => handedOn };
  }

  it('hands a request on when its handler declines, and every request once shut', async () => {
    const doorUnderTest = new FrontDoor();
    const reported: unknown[] = [];
    doorUnderTest.open(
      (request, response) => {
        if (request.url !== '/kept') return false;
        response.end('door');
        return true;
      },
      (error) => reported.push(error),
    );
    const { server, origin, handedOn } = await serve(doorUnderTest);
    try {
      expect((await get(origin, '/kept')).body.toString()).toBe('door');
      expect((await get(origin, '/other')).body.toString()).toBe('fastify');
      expect(handedOn()).toBe(1);
      doorUnderTest.shut();
      expect((await get(origin, '/kept')).body.toString()).toBe('fastify');
      expect(handedOn()).toBe(2);
      expect(reported).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('hands a request on when its handler throws before sending, closes it when it throws after, and reports both', async () => {
    const doorUnderTest = new FrontDoor();
    const reported: unknown[] = [];
    doorUnderTest.open(
      (request, response) => {
        if (request.url === '/before') throw new Error('no kept answer');
        if (request.url !== '/after') return false;
        response.writeHead(200, { 'content-length': '10' });
        response.write('half');
        throw new Error('lost the rest');
      },
      (error) => reported.push(error),
    );
    const { server, origin, handedOn } = await serve(doorUnderTest);
    try {
      expect(await get(origin, '/before')).toMatchObject({ status: 200, body: Buffer.from('fastify') });
      expect(handedOn()).toBe(1);
      await expect(get(origin, '/after')).rejects.toThrow();
      expect(handedOn()).toBe(1);
      expect(reported.map((error) => (error as Error).message)).toEqual(['no kept answer', 'lost the rest']);
      expect((await get(origin, '/other')).body.toString()).toBe('fastify');
    } finally {
      server.close();
    }
  });

  it('keeps the timeouts Fastify gives the servers it makes', async () => {
    const { server } = await serve(new FrontDoor(), { keepAliveTimeout: 72_000, requestTimeout: 30_000, connectionTimeout: 5_000, maxRequestsPerSocket: 100 });
    try {
      expect(server.keepAliveTimeout).toBe(72_000);
      expect(server.requestTimeout).toBe(30_000);
      expect(server.timeout).toBe(5_000);
      expect(server.maxRequestsPerSocket).toBe(100);
    } finally {
      server.close();
    }
  });
});
