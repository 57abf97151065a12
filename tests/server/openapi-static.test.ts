import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';

/**
 * The published API document against the routes the server really has, and the files served
 * next to the API: the SPA fallback, catalogue pictures and uploads, with no way out of their folders.
 */
interface OpenApiOperation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

/** Every method and full path the app serves, read from Fastify's own route tree. */
function appRoutes(app: App): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.push({ method, url });
  }
  return routes;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const fill = (openApiPath: string) => openApiPath.replace(/\{[^}]+\}/g, '1');
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-spa-'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Shoal SPA shell</title>');
let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await buildTestApp({ serveClient: true, clientDir });
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = JSON.parse(res.body) as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3 and the browsable page loads', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('Shoal SPA shell');
  });

  it('lists every /api route the server has, and no route it does not have', () => {
    const served = appRoutes(t.app)
      .filter((r) => isApi(r.url))
      .map((r) => `${r.method} ${toOpenApiPath(r.url)}`);
    const documented = Object.entries(doc.paths)
      .filter(([p]) => isApi(p))
      .flatMap(([p, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${p}`));
    expect(served.length).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual([...served].sort());
  });

  it('gives every /api operation its path parameters and a 200 answer with a schema', () => {
    for (const [p, operations] of Object.entries(doc.paths).filter(([p]) => isApi(p))) {
      const names = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
        expect({ at: `${method} ${p}`, path: declared.sort() }).toEqual({ at: `${method} ${p}`, path: [...names].sort() });
        expect({ at: `${method} ${p}`, schema: Boolean(operation.responses?.['200']?.content?.['application/json']?.schema) }).toEqual({
          at: `${method} ${p}`,
          schema: true,
        });
      }
    }
  });

  it('marks exactly the calls that refuse an anonymous caller as needing a bearer token', async () => {
    const mismatches: string[] = [];
    for (const [p, operations] of Object.entries(doc.paths).filter(([p]) => isApi(p))) {
      for (const [method, operation] of Object.entries(operations)) {
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: fill(p) });
        const security = operation.security ?? [];
        const bearerOnly = security.length > 0 && security.every((s) => 'bearer' in s);
        if ((res.statusCode === 401) !== bearerOnly) mismatches.push(`${method.toUpperCase()} ${p}: ${res.statusCode}, security ${JSON.stringify(security)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('calls spec section 6 leaves open', () => {
  it.each([
    ['POST', '/api/Auth/OTP/login?companyId=1&mobileNo=98765&password=&email='],
    ['POST', '/api/Auth/login?userName=9876543210&password=&companyId=1&otp=1'],
    ['GET', '/api/FAQ/common/1'],
    ['GET', '/api/DeliverySlot/web/1?branchId=1'],
    ['GET', '/api/Company/details/1'],
    ['GET', '/api/Company/settings/1'],
    ['GET', '/api/categories?companyId=1'],
    ['GET', '/api/products?companyId=1&branchId=1'],
    ['GET', '/api/special-categories?companyId=1'],
    ['GET', '/api/Offer/all/1/1'],
    ['GET', '/api/Product/company/select/1'],
    ['GET', '/api/Payment/config'],
  ] as const)('%s %s answers without a token', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).not.toBe(401);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('files next to the API', () => {
  it('serves catalogue pictures with their image type', async () => {
    const product = fs.readdirSync(path.join(import.meta.dirname, '../../server/assets/images/products'))[0];
    for (const url of ['/images/logo.svg', `/images/products/${product}`]) {
      const res = await t.app.inject({ url });
      expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({ url, status: 200, type: 'image/svg+xml' });
    }
  });

  it.each([
    '/images/..%2f..%2fpackage.json',
    '/images/%2e%2e%2f%2e%2e%2fapp.ts',
    '/images/..%5c..%5cpackage.json',
    '/images/%252e%252e%252f%252e%252e%252fpackage.json',
    '/images/products/..%2f..%2f..%2fapp.ts',
    '/images/%00.svg',
    '/images/products',
    '/images/',
    '/uploads/..%2f..%2fshoal.sqlite',
    '/uploads/%2e%2e%2fshoal.sqlite',
  ])('refuses %s without leaking a file', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/"name":\s*"shoal|buildApp|SQLite format|<svg/);
  });

  it('keeps the SPA fallback for client routes, and API-looking paths out of it', async () => {
    const client = await t.app.inject({ url: '/user_account/my_order' });
    expect(client.statusCode).toBe(200);
    expect(client.body).toContain('Shoal SPA shell');
    for (const url of ['/api/nope', '/api/docs/nope.json', '/images/nope.svg', '/uploads/nope.png']) {
      const res = await t.app.inject({ url });
      expect({ url, status: res.statusCode, spa: res.body.includes('Shoal SPA shell') }).toEqual({ url, status: 404, spa: false });
    }
  });
});
