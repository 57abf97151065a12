import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';

/**
 * Every authenticated endpoint, called with every kind of credential that is not the victim's
 * own: none of them may ever see or change the victim's data. Add a row for each new
 * authenticated route; the victim's own token is tried too, to prove the row reaches a real route.
 */
interface Victim {
  customerId: number;
  companyId: number;
  branchId: number;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (victim: Victim) => string;
  body?: (victim: Victim) => unknown;
  /** Statuses the victim's own token may get (default [200]). */
  ownerStatus?: number[];
  /**
   * The route carries no victim id: it answers the caller's own records, so another customer
   * gets 200 with their own data (and still nothing of the victim's).
   */
  callerScoped?: boolean;
}

const VICTIM = { name: 'Vidya Victim', email: 'vidya.victim@example.in', mobile: '9812300001' };

const endpoints: Row[] = [
  // Profile (auth)
  { method: 'GET', url: (v) => `/api/Customer/info/${v.customerId}` },
  { method: 'PUT', url: (v) => `/api/Customer/${v.customerId}`, body: () => ({ name: VICTIM.name, email: VICTIM.email }) },
  // Cart (cart)
  { method: 'GET', url: (v) => `/api/Cart?branchId=${v.branchId}`, callerScoped: true },
  { method: 'DELETE', url: (v) => `/api/Cart/${v.branchId}/1/0`, callerScoped: true, ownerStatus: [200, 404] },
  {
    method: 'POST',
    url: (v) => `/api/Cart?branchId=${v.branchId}`,
    body: (v) => [
      { CustomerCartId: 0, CompanyId: v.companyId, BranchId: v.branchId, CartAddDate: new Date().toISOString(), CustomerId: v.customerId, ProductId: 1, VariantId: 0, Qty: 1 },
    ],
    ownerStatus: [200, 400, 404],
  },
  // Coupons (cart)
  { method: 'GET', url: (v) => `/api/Coupon/customer/${v.companyId}`, callerScoped: true },
];

let t: TestApp;
let victim: Victim;
let credentials: { name: string; authorization: string | undefined; kind: 'anonymous' | 'stranger' }[];

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createCustomer(t.app, { mobile: VICTIM.mobile, name: VICTIM.name, walletPaise: 12_345, loyaltyPoints: 77 });
  await t.app.db.updateTable('customers').set({ email: VICTIM.email }).where('id', '=', owner.id).execute();
  victim = { customerId: owner.id, companyId: owner.companyId, branchId: 1 };

  // Another shop with a customer of its own, whatever the demo seed already holds.
  const now = new Date().toISOString();
  const { maxId } = await t.app.db.selectFrom('companies').select((eb) => eb.fn.max('id').as('maxId')).executeTakeFirstOrThrow();
  const otherCompanyId = Number(maxId ?? 0) + 1;
  await t.app.db
    .insertInto('companies')
    .values({
      id: otherCompanyId, name: 'Other Shop', display_name: 'Other', currency_symbol: '₹', currency_code: 'INR', decimal_value: 2, phone: '',
      email: '', address: '', about: '', theme_color: '#000000', logo: '', return_window_hours: 48, created_at: now,
    })
    .execute();
  // The demo seed may or may not hold branch 1; the table needs it either way.
  await t.app.db
    .insertInto('branches')
    .values({ id: 1, company_id: 1, name: 'Main branch', address: '', phone: '', active: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const neighbour = await createCustomer(t.app, { name: 'Nikhil Neighbour' });
  const foreigner = await createCustomer(t.app, { companyId: otherCompanyId, name: 'Farah Foreign' });

  const foreignSecret = new TextEncoder().encode(crypto.randomBytes(48).toString('base64url'));
  const forged = await new SignJWT({ cid: victim.companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(victim.customerId))
    .setIssuer('shoal')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(foreignSecret);
  const unsigned = [
    Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url'),
    Buffer.from(JSON.stringify({ sub: String(victim.customerId), cid: victim.companyId, iss: 'shoal', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url'),
    '',
  ].join('.');
  const expired = await t.app.tokens.sign({ customerId: victim.customerId, companyId: victim.companyId }, -60);

  credentials = [
    { name: 'no token', authorization: undefined, kind: 'anonymous' },
    { name: 'an empty bearer', authorization: 'Bearer ', kind: 'anonymous' },
    { name: 'a malformed token', authorization: 'Bearer not.a.token', kind: 'anonymous' },
    { name: 'the token without the Bearer scheme', authorization: owner.token, kind: 'anonymous' },
    { name: 'a token signed with another secret', authorization: `Bearer ${forged}`, kind: 'anonymous' },
    { name: 'an unsigned (alg none) token', authorization: `Bearer ${unsigned}`, kind: 'anonymous' },
    { name: 'an expired token of the victim', authorization: `Bearer ${expired}`, kind: 'anonymous' },
    { name: 'another customer’s token', authorization: neighbour.auth.authorization, kind: 'stranger' },
    { name: 'another company’s customer token', authorization: foreigner.auth.authorization, kind: 'stranger' },
  ];
});

afterAll(async () => {
  await t.close();
});

async function call(row: Row, authorization: string | undefined) {
  const body = row.body?.(victim);
  return t.app.inject({
    method: row.method,
    url: row.url(victim),
    headers: authorization === undefined ? {} : { authorization },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function label(row: Row): string {
  return `${row.method} ${row.url({ customerId: 0, companyId: 0, branchId: 0 }).replace(/\b0\b/g, '{id}')}`;
}

describe.each(endpoints.map((row) => [label(row), row] as const))('%s', (_name, row) => {
  it('answers the victim’s own token (the row reaches a real route)', async () => {
    const owner = await t.app.tokens.sign({ customerId: victim.customerId, companyId: victim.companyId });
    const res = await call(row, `Bearer ${owner}`);
    expect(row.ownerStatus ?? [200]).toContain(res.statusCode);
  });

  it('never gives any other credential the victim’s data', async () => {
    for (const credential of credentials) {
      const res = await call(row, credential.authorization);
      const allowed = credential.kind === 'anonymous' ? [401] : row.callerScoped ? [200, 403, 404] : [403, 404];
      expect({ credential: credential.name, status: res.statusCode }).toEqual({
        credential: credential.name,
        status: expect.toSatisfy((s: number) => allowed.includes(s)),
      });
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ Success: false, Data: null });
      for (const secret of [VICTIM.name, VICTIM.email, VICTIM.mobile]) expect(res.body).not.toContain(secret);
    }
    const stored = await t.app.db.selectFrom('customers').select(['name', 'email']).where('id', '=', victim.customerId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: VICTIM.name, email: VICTIM.email });
  });
});

describe('the expired-token answer', () => {
  it('tells the caller the session has expired', async () => {
    const expired = await t.app.tokens.sign({ customerId: victim.customerId, companyId: victim.companyId }, -1);
    const res = await t.app.inject({ method: 'GET', url: `/api/Customer/info/${victim.customerId}`, headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().Message).toBe('Your session has expired. Please log in again.');
  });
});
