import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';
import { writeFakeBuild } from '../helpers/fake-build.js';

// A build as Vite writes it, with Chakra's global CSS in the head, so the shop's pages are served.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-headers-'));
writeFakeBuild(clientDir, {
  'index.html':
    '<!doctype html><html><head><style data-chakra-global="">html{color:#111}</style><script type="module" crossorigin src="/assets/index-main.js"></script></head><body><div id="root"></div></body></html>',
  '.vite/manifest.json': {
    'index.html': { file: 'assets/index-main.js', isEntry: true },
    'src/pages/product-list-page.tsx': { file: 'assets/product-list-page.js' },
  },
});

let shop: TestApp;
let razorpay: TestApp;
let https: TestApp;

beforeAll(async () => {
  shop = await buildTestApp({ serveClient: true, clientDir });
  razorpay = await buildTestApp({
    serveClient: true,
    clientDir,
    paymentProvider: 'razorpay',
    razorpayKeyId: 'rzp_live_publicKey1',
    razorpayKeySecret: 'live-key-secret',
    razorpayWebhookSecret: 'live-webhook-secret',
    razorpayBaseUrl: 'http://127.0.0.1:9',
  });
  https = await buildTestApp({ serveClient: true, clientDir, publicUrl: 'https://shop.example.in' });
});
afterAll(async () => {
  await Promise.all([shop.close(), razorpay.close(), https.close()]);
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
function policyOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...sources] = directive.split(/\s+/);
        return [name, sources] as const;
      }),
  );
}

/** Inline code in a page: the text of scripts that would run (not JSON data blocks) and of style elements, and style attributes. */
function inlineCode(html: string): { scripts: string[]; styles: string[]; styleAttributes: number } {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1] ?? '') && !/type="application\/json"/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  return { scripts, styles, styleAttributes: (html.match(/\sstyle="/g) ?? []).length };
}

/** How a policy names one inline element by its content. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function expectResourceHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(Object.fromEntries(policyOf(res))).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('the shop’s pages', () => {
  it.each(['/', '/product'])('%s runs only the shop’s own scripts and refuses every frame', async (url) => {
    const res = await shop.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = policyOf(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // The sandbox's card window is a frame of this origin; with the sandbox nothing of Razorpay is allowed.
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toContain('razorpay');
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    // What the server writes into the page (the list's first page as JSON blocks) is data, not a script the policy would refuse.
    if (url === '/product') expect(res.body).toContain('<script type="application/json" id="shoal-opening-list">');
    expect(inlineCode(res.body).scripts).toEqual([]);
  });

  it.each(['/', '/index.html'])('%s revalidated with a 304 is not given the policy of a resource', async (url) => {
    const first = await shop.app.inject({ url });
    const again = await shop.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // The browser keeps the page and takes the 304's headers over the stored ones: default-src 'none' would stop it.
    expect(policyOf(again).get('default-src')).not.toEqual(["'none'"]);
  });

  it('holds the whole tree: the plugin is registered in the app', () => {
    expect(shop.app.hasPlugin('security-headers')).toBe(true);
  });
});

describe('answers that are not pages', () => {
  it('an API answer, fresh and from the catalogue cache, loads nothing and cannot be framed', async () => {
    const url = '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20';
    const fresh = await shop.app.inject({ url });
    const cached = await shop.app.inject({ url });
    expect(fresh.headers['content-type']).toMatch(/^application\/json/);
    expectResourceHeaders(fresh);
    expectResourceHeaders(cached);
  });

  it('errors too: a refused input and an unknown API path', async () => {
    const refused = await shop.app.inject({ url: '/api/products?companyId=x&branchId=1' });
    expect(refused.statusCode).toBe(400);
    expectResourceHeaders(refused);
    const unknown = await shop.app.inject({ url: '/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expectResourceHeaders(unknown);
  });

  it('a catalogue picture under /images', async () => {
    const res = await shop.app.inject({ url: '/images/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expectResourceHeaders(res);
  });

  it('an uploaded photo under /uploads', async () => {
    const customer = await createCustomer(shop.app);
    const body = multipart(PNG_1PX, 'damaged.png', 'image/png');
    const stored = await shop.app.inject({ method: 'POST', url: '/api/Product/images', payload: body.payload, headers: { ...body.headers, ...customer.auth } });
    const res = await shop.app.inject({ url: (stored.json().Data as { Url: string }).Url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectResourceHeaders(res);
  });

  it('the hub’s event stream, which writes its own headers', async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.app.server.address() as { port: number };
    const negotiated = await fetch(`http://127.0.0.1:${port}/catalogueHub/negotiate?negotiateVersion=1`, { method: 'POST' });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${port}/catalogueHub?id=${encodeURIComponent(connectionToken)}`,
        { headers: { accept: 'text/event-stream' } },
        (response) => {
          resolve(response.headers);
          request.destroy();
        },
      );
      request.on('error', reject);
    });
    expect(headers['content-type']).toBe('text/event-stream');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the sandbox’s card window', () => {
  it('may be framed by the shop only, and runs nothing but its own script and style sheet', async () => {
    const order = await shop.app.payments.createOrder({ amount: 45_000, currency: 'INR', receipt: 'headers' });
    const res = await shop.app.inject({ url: `/sandbox/checkout?key_id=${shop.config.razorpayKeyId}&order_id=${order.id}&name=Shoal&color=%231d4ed8` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="card-form"');
    const policy = policyOf(res);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(policy.get('default-src')).toEqual(["'none'"]);
    // Exactly the page's one script and one style element, by hash: no 'unsafe-inline', no other source.
    const inline = inlineCode(res.body);
    expect(inline.scripts).toHaveLength(1);
    expect(inline.styles).toHaveLength(1);
    expect(inline.styleAttributes).toBe(0);
    expect(policy.get('script-src')).toEqual(inline.scripts.map(hashOf));
    expect(policy.get('style-src')).toEqual(inline.styles.map(hashOf));
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('has the same script and style for every order, so their hashes hold for a window that shows a problem too', async () => {
    const problem = await shop.app.inject({ url: `/sandbox/checkout?key_id=unknown&order_id=order_x&color=%23ff0000` });
    expect(problem.body).toContain('This checkout was opened with an unknown key.');
    const inline = inlineCode(problem.body);
    expect(policyOf(problem).get('script-src')).toEqual(inline.scripts.map(hashOf));
    expect(policyOf(problem).get('style-src')).toEqual(inline.styles.map(hashOf));
  });

  it('carries its settings, the shop’s colour among them, in a JSON block that cannot end early', async () => {
    const res = await shop.app.inject({
      url: `/sandbox/checkout?key_id=${shop.config.razorpayKeyId}&order_id=order_x&color=%231d4ed8&prefill_email=%3C/script%3E%3Cscript%3Ealert(1)`,
    });
    const block = /<script type="application\/json" id="sandbox-checkout-config">(.*?)<\/script>/s.exec(res.body);
    expect(JSON.parse(block?.[1] ?? 'null')).toMatchObject({ color: '#1d4ed8', email: '</script><script>alert(1)', orderId: 'order_x' });
  });
});

describe('the API reference', () => {
  it('/api/docs runs Swagger UI’s own files and draws its data: icons', async () => {
    const res = await shop.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const policy = policyOf(res);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(inlineCode(res.body).scripts).toEqual([]);
  });
});

describe('with Razorpay as the payment provider', () => {
  it('the shop’s pages allow Razorpay Checkout and nothing of the sandbox', async () => {
    const res = await razorpay.app.inject({ url: '/product' });
    const policy = policyOf(res);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://cdn.razorpay.com']);
    expect(policy.get('frame-src')).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'https://cdn.razorpay.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // Razorpay's bank and wallet pages open as popups that report back.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect((await razorpay.app.inject({ url: '/sandbox/checkout.js' })).statusCode).toBe(404);
  });
});

describe('over https', () => {
  it('pins the shop to https and upgrades any insecure address on its pages', async () => {
    const page = await https.app.inject({ url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policyOf(page).has('upgrade-insecure-requests')).toBe(true);
    const api = await https.app.inject({ url: '/api/categories?companyId=1' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
