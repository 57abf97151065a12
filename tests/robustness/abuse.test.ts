import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES } from '../../server/services/otp-service.js';
import { MAX_UPLOAD_BYTES } from '../../server/services/upload-service.js';
import { DEFAULT_HUB_LIMITS } from '../../server/hub/hub-limits.js';
import { createCustomer } from '../helpers/customers.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';
import { freePort } from '../helpers/shop-server.js';
import { BACKENDS, buildShop, type InProcessShop } from './helpers/backends.js';
import { openHubSocket, RS } from './helpers/hub-socket.js';
import { messageOf } from './helpers/tokens.js';
import { printFigures } from './helpers/figures.js';

/**
 * Floods one client can throw at the shop: login codes and guesses, oversized bodies and
 * uploads, and hub connections, records and invocations beyond their limits. Each limit must
 * hold and each refusal must say why.
 */
const mobile = () => `7${crypto.randomInt(100_000_000, 999_999_999)}`;

describe.each(BACKENDS)('abuse limits on %s', (backend) => {
  let shop: InProcessShop;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shop = await buildShop(backend, { publicUrl: base });
    await shop.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => shop?.close());

  it('holds the one-time-password limits under a flood, whatever X-Forwarded-For claims', async () => {
    const { app } = shop;
    const target = mobile();
    const askFor = (number: string, forwardedFor?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/Auth/OTP/login?companyId=1&mobileNo=${number}&password=&email=`,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });

    // One number, fifty requests at once: one code, the rest told to wait.
    const sameNumber = await Promise.all(Array.from({ length: 50 }, () => askFor(target)));
    const sent = sameNumber.filter((r) => r.statusCode === 200).length;
    const waits = sameNumber.filter((r) => r.statusCode === 429 && messageOf(r.body).startsWith('Please wait') && r.headers['retry-after']);
    expect(sent).toBe(1);
    expect(waits).toHaveLength(49);

    // Guessing that code: hundreds of wrong tries at once, then the right one.
    const real = shop.sms.lastCode(target) ?? '';
    const guesses = new Set<string>();
    while (guesses.size < 300) {
      const guess = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      if (guess !== real) guesses.add(guess);
    }
    const tries = await Promise.all(
      [...guesses].map((otp) => app.inject({ method: 'POST', url: `/api/Auth/login?userName=${target}&password=&companyId=1&otp=${otp}` })),
    );
    const loggedIn = tries.filter((r) => r.statusCode === 200).length;
    const right = await app.inject({ method: 'POST', url: `/api/Auth/login?userName=${target}&password=&companyId=1&otp=${real}` });
    expect(loggedIn).toBe(0);
    expect(tries.every((r) => r.statusCode === 400 && messageOf(r.body).length > 0)).toBe(true);
    expect(right.statusCode).toBe(400);
    expect(messageOf(right.body)).toBe('Too many wrong tries. Ask for a new code.');

    // Many numbers from one address, each request claiming another address in X-Forwarded-For.
    const spoofed = await Promise.all(Array.from({ length: 60 }, (_v, i) => askFor(mobile(), `203.0.113.${i}`)));
    const spoofedSent = spoofed.filter((r) => r.statusCode === 200).length;
    expect(spoofedSent).toBe(OTP_RULES.maxPerIpPerHour - 1);
    expect(spoofed.filter((r) => r.statusCode === 429).every((r) => messageOf(r.body).length > 0)).toBe(true);
    printFigures(`login abuse (${backend})`, {
      'code requests tried': 110,
      'codes sent': sent + spoofedSent,
      'wrong guesses tried': tries.length,
      'logins by guessing': loggedIn,
      'right code after the flood': `${right.statusCode} ${messageOf(right.body)}`,
    });
  }, 60_000);

  it('limits request bodies and uploads, saying why', async () => {
    const { app } = shop;
    const customer = await createCustomer(app);
    const bigJson = await app.inject({
      method: 'POST',
      url: '/api/Cart?branchId=1',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: JSON.stringify([{ x: 'y'.repeat(300 * 1024) }]),
    });
    expect(bigJson.statusCode).toBe(413);
    expect(messageOf(bigJson.body)).toBe('The request body is too large.');

    const hugePhoto = multipart(Buffer.concat([PNG_1PX, Buffer.alloc(MAX_UPLOAD_BYTES + 1024)]), 'big.png', 'image/png');
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/Product/images',
      headers: { ...customer.auth, ...hugePhoto.headers },
      payload: hugePhoto.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(messageOf(tooBig.body)).toContain('larger than');

    const boundary = 'robustTwoFiles';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG_1PX,
        Buffer.from('\r\n'),
      ]);
    const twoFiles = Buffer.concat([part('file'), part('second'), Buffer.from(`--${boundary}--\r\n`)]);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/Product/images',
      headers: { ...customer.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: twoFiles,
    });
    // One photo per upload: a second file in the same form is never stored.
    const stored = await app.db.selectFrom('uploads').select('file_name').where('customer_id', '=', customer.id).execute();
    expect([200, 400]).toContain(tooMany.statusCode);
    expect(stored.length).toBeLessThanOrEqual(1);
    printFigures(`body limits (${backend})`, {
      'JSON body over 256 KB': `${bigJson.statusCode} ${messageOf(bigJson.body)}`,
      'photo over the upload limit': `${tooBig.statusCode} ${messageOf(tooBig.body)}`,
      'two photos in one upload': `${tooMany.statusCode}, ${stored.length} stored`,
    });
  });

  it('limits hub records, invocations and connections per client', async () => {
    const hello = `{"protocol":"json","version":1}${RS}`;
    // A record over the size limit closes that connection with a reason.
    const big = await openHubSocket(base, null);
    big.hub?.send(hello);
    big.hub?.send(`${JSON.stringify({ type: 1, target: 'JoinCompanyGroup', arguments: ['x'.repeat(DEFAULT_HUB_LIMITS.maxMessageChars + 10)] })}${RS}`);
    const closedBig = await big.hub?.waitFor((r) => (r as { type?: number }).type === 7, 3_000);
    const bigClose = big.hub?.records.find((r) => (r as { type?: number }).type === 7) as { error?: string } | undefined;
    expect(closedBig).toBe(true);
    expect(bigClose?.error ?? '').toMatch(/\S/);

    // A burst of update requests: the window's allowance is served, the rest refused by name.
    const burst = await openHubSocket(base, null);
    burst.hub?.send(hello);
    const calls = Array.from(
      { length: 30 },
      (_v, i) =>
        JSON.stringify({
          type: 1,
          invocationId: `u${i}`,
          target: 'SendCatalogueUpdate',
          arguments: ['Category', 1, 1, null, null, 1, 5, null, null, null, null],
        }) + RS,
    );
    burst.hub?.send(calls.join(''));
    await burst.hub?.waitFor(() => (burst.hub?.records.filter((r) => (r as { type?: number }).type === 3).length ?? 0) >= 30 || false, 5_000);
    const completions = (burst.hub?.records ?? []).filter((r) => (r as { type?: number }).type === 3) as { error?: string }[];
    const refused = completions.filter((c) => c.error === 'Too many update requests. Please try again shortly.').length;
    const closedBurst = burst.hub?.isClosed() ?? false;
    expect(closedBurst || completions.length - refused <= DEFAULT_HUB_LIMITS.maxUpdateRequestsPerWindow).toBe(true);
    expect(closedBurst || refused >= 30 - DEFAULT_HUB_LIMITS.maxUpdateRequestsPerWindow).toBe(true);
    big.hub?.close();
    burst.hub?.close();
    await new Promise((r) => setTimeout(r, 200));

    // Connections from one address beyond the limit are refused at negotiate.
    const answers = [];
    for (let i = 0; i < DEFAULT_HUB_LIMITS.maxConnectionsPerIp + 10; i += 1) {
      const res = await fetch(`${base}/catalogueHub/negotiate?negotiateVersion=1`, { method: 'POST' });
      answers.push({ status: res.status, message: messageOf(await res.text()) });
    }
    const accepted = answers.filter((a) => a.status === 200).length;
    const refusedConnections = answers.filter((a) => a.status === 429);
    expect(accepted).toBeLessThanOrEqual(DEFAULT_HUB_LIMITS.maxConnectionsPerIp);
    expect(refusedConnections.length).toBeGreaterThanOrEqual(10);
    expect(refusedConnections.every((a) => a.message === 'Too many live connections from this address.')).toBe(true);
    printFigures(`hub limits (${backend})`, {
      'record over the size limit': `closed: ${bigClose?.error ?? ''}`,
      'update requests in one burst': `${completions.length} answered, ${refused} refused${closedBurst ? ', connection closed' : ''}`,
      'connections asked from one address': answers.length,
      'connections accepted': accepted,
      'connections refused': refusedConnections.length,
    });
  });
});
