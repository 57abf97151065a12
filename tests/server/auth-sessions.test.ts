import { SignJWT, type JWTPayload } from 'jose';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { CUSTOMER_RECHECK_MS } from '../../server/plugins/auth.plugin.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';

/**
 * A session token is good only while its customer exists and has not signed out since it was
 * issued, and only until it expires. Checking the customer must not cost every request a trip
 * to the database, so each instance trusts what it read for CUSTOMER_RECHECK_MS at most.
 */

/** Counts the reads of customers' token versions: the check a token costs the database. */
class VersionReads implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"token_version"')) this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const NOT_VALID = 'Your session is not valid. Please log in again.';
const ENDED = 'Your session has ended. Please log in again.';

let t: TestApp;
/** A second instance of the shop on the same database. */
let other: App;
const reads = new VersionReads();

beforeAll(async () => {
  t = await buildTestApp();
  const handle = { ...t.database.handle, db: t.database.handle.db.withPlugin(reads) };
  other = await buildApp({ config: loadConfig({}, { dataDir: t.database.dataDir, serveClient: false, seedDemo: false }), database: handle, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A token signed with the shop's own secret, carrying exactly these claims. */
async function signed(claims: JWTPayload): Promise<string> {
  const row = await t.app.db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(row.value));
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const addresses = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/Address/customer', headers: bearer(token) });
const logout = (app: App, token: string) => app.inject({ method: 'POST', url: '/api/Auth/logout', headers: bearer(token) });

/** Logs in through the one-time password, a resend interval after any earlier code (the clock must be fake). */
async function loginWithCode(mobile: string): Promise<string> {
  vi.setSystemTime(Date.now() + 31_000);
  expect((await t.app.inject({ method: 'POST', url: `/api/Auth/OTP/login?companyId=1&mobileNo=${mobile}` })).statusCode).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: `/api/Auth/login?userName=${mobile}&companyId=1&otp=${t.sms.lastCode(mobile)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data.Token as string;
}

describe('a correctly signed token whose customer does not exist', () => {
  it('is refused with 401, writes nothing, and checkout answers 401 rather than 500', async () => {
    const { maxId } = await t.app.db
      .selectFrom('customers')
      .select((eb) => eb.fn.max('id').as('maxId'))
      .executeTakeFirstOrThrow();
    const ghost = Number(maxId ?? 0) + 1000;
    const token = await signed({ sub: String(ghost), cid: 1, iss: 'shoal', iat: Math.floor(Date.now() / 1000), exp: inAnHour() });
    const cart = await t.app.inject({ method: 'PUT', url: '/api/Cart/1/1/0?qtyChange=1&id=0&pageNumber=1&pageSize=10', headers: bearer(token) });
    expect(cart.statusCode).toBe(401);
    expect(cart.json()).toEqual({ Success: false, Message: NOT_VALID, Data: null });
    const checkout = await t.app.inject({
      url: '/api/Order/checkout?branchId=1&deliveryId=1&isWalletLoyality=false&isWalletAmount=false',
      headers: bearer(token),
    });
    expect(checkout.statusCode).toBe(401);
    expect(checkout.json().Message).toBe(NOT_VALID);
    const orphans = await t.app.db.selectFrom('cart_items').select('id').where('customer_id', '=', ghost).execute();
    expect(orphans).toEqual([]);
  });

  it('is refused when the customer belongs to another company than the token says', async () => {
    const customer = await createCustomer(t.app);
    const token = await signed({ sub: String(customer.id), cid: 2, iss: 'shoal', exp: inAnHour() });
    const res = await addresses(t.app, token);
    expect({ status: res.statusCode, message: res.json().Message }).toEqual({ status: 401, message: NOT_VALID });
  });
});

describe('a customer removed from the shop', () => {
  it('stops being let in within CUSTOMER_RECHECK_MS, on every instance that knew them', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const customer = await createCustomer(t.app);
    expect((await addresses(t.app, customer.token)).statusCode).toBe(200);
    expect((await addresses(other, customer.token)).statusCode).toBe(200);
    await t.app.db.deleteFrom('customers').where('id', '=', customer.id).execute();
    vi.setSystemTime(Date.now() + CUSTOMER_RECHECK_MS);
    for (const app of [t.app, other]) {
      const res = await addresses(app, customer.token);
      expect({ status: res.statusCode, message: res.json().Message }).toEqual({ status: 401, message: NOT_VALID });
    }
  });
});

describe('checking the customer behind a token', () => {
  it('reads the database at most once per customer per CUSTOMER_RECHECK_MS, however many requests come', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(CUSTOMER_RECHECK_MS).toBeGreaterThan(0);
    expect(CUSTOMER_RECHECK_MS).toBeLessThanOrEqual(10_000);
    const customer = await createCustomer(t.app);
    reads.count = 0;
    for (let i = 0; i < 25; i += 1) expect((await addresses(other, customer.token)).statusCode).toBe(200);
    expect(reads.count).toBe(1);
    vi.setSystemTime(Date.now() + CUSTOMER_RECHECK_MS - 1);
    expect((await addresses(other, customer.token)).statusCode).toBe(200);
    expect(reads.count).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    for (let i = 0; i < 5; i += 1) expect((await addresses(other, customer.token)).statusCode).toBe(200);
    expect(reads.count).toBe(2);
  });

  it('reads it once for many requests of one customer arriving together', async () => {
    const customer = await createCustomer(t.app);
    reads.count = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => addresses(other, customer.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(reads.count).toBe(1);
  });
});

describe('the claims a token must carry', () => {
  it.each([
    ['no expiry', (id: number) => ({ sub: String(id), cid: 1, iss: 'shoal' })],
    ['no subject', () => ({ cid: 1, iss: 'shoal', exp: inAnHour() })],
    ['no company', (id: number) => ({ sub: String(id), iss: 'shoal', exp: inAnHour() })],
    ['a version that is not a whole number', (id: number) => ({ sub: String(id), cid: 1, iss: 'shoal', exp: inAnHour(), ver: 'latest' })],
    ['a negative version', (id: number) => ({ sub: String(id), cid: 1, iss: 'shoal', exp: inAnHour(), ver: -1 })],
  ] as [string, (id: number) => JWTPayload][])('refuses a token with %s', async (_name, claims) => {
    const customer = await createCustomer(t.app);
    const res = await addresses(t.app, await signed(claims(customer.id)));
    expect({ status: res.statusCode, message: res.json().Message }).toEqual({ status: 401, message: NOT_VALID });
  });

  it('takes a token issued before versions existed (no ver claim) as version 0', async () => {
    const customer = await createCustomer(t.app);
    const old = await signed({ sub: String(customer.id), cid: 1, iss: 'shoal', iat: Math.floor(Date.now() / 1000), exp: inAnHour() });
    expect((await addresses(t.app, old)).statusCode).toBe(200);
    expect((await logout(t.app, customer.token)).statusCode).toBe(200);
    const after = await addresses(t.app, old);
    expect({ status: after.statusCode, message: after.json().Message }).toEqual({ status: 401, message: ENDED });
  });
});

describe('POST /api/Auth/logout', () => {
  it('signs the customer out: the envelope answers, and the token is refused at once on this instance', async () => {
    const customer = await createCustomer(t.app);
    expect((await addresses(t.app, customer.token)).statusCode).toBe(200);
    const res = await logout(t.app, customer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true, Message: 'You are logged out.', Data: null });
    const after = await addresses(t.app, customer.token);
    expect({ status: after.statusCode, message: after.json().Message }).toEqual({ status: 401, message: ENDED });
    const again = await logout(t.app, customer.token);
    expect(again.statusCode).toBe(401);
  });

  it('ends every session the customer had, and a new login works', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const mobile = '9845600071';
    const phone = await loginWithCode(mobile);
    const laptop = await loginWithCode(mobile);
    expect((await addresses(t.app, phone)).statusCode).toBe(200);
    expect((await logout(t.app, laptop)).statusCode).toBe(200);
    expect((await addresses(t.app, phone)).statusCode).toBe(401);
    const fresh = await loginWithCode(mobile);
    expect((await addresses(t.app, fresh)).statusCode).toBe(200);
  });

  it('stops the token on every other instance within CUSTOMER_RECHECK_MS, and a login made after works there at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const customer = await createCustomer(t.app);
    expect((await addresses(other, customer.token)).statusCode).toBe(200);
    expect((await logout(t.app, customer.token)).statusCode).toBe(200);
    const fresh = await t.app.tokens.sign({ customerId: customer.id, companyId: 1 });
    expect((await addresses(other, fresh)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + CUSTOMER_RECHECK_MS);
    const stale = await addresses(other, customer.token);
    expect({ status: stale.statusCode, message: stale.json().Message }).toEqual({ status: 401, message: ENDED });
    expect((await addresses(other, fresh)).statusCode).toBe(200);
  });

  it('refuses the hub a signed-out token', async () => {
    const customer = await createCustomer(t.app);
    const negotiate = (token: string) => t.app.inject({ method: 'POST', url: `/catalogueHub/negotiate?negotiateVersion=1&access_token=${token}` });
    expect((await negotiate(customer.token)).statusCode).toBe(200);
    expect((await logout(t.app, customer.token)).statusCode).toBe(200);
    expect((await negotiate(customer.token)).statusCode).toBe(401);
  });

  it('asks for a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Success: false, Message: 'Please log in to continue.', Data: null });
  });
});
