import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { postLoyalty, postWallet } from '../../server/services/ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/Customer/info/{customerId}', () => {
  it('shows the profile, wallet in rupees and the ledgers newest first', async () => {
    const c = await createCustomer(t.app, { name: 'Asha Menon', walletPaise: 50_000, loyaltyPoints: 40 });
    await postWallet(t.app.db, c.id, -12_550, 'Paid for an order', null);
    await postLoyalty(t.app.db, c.id, -15, 'Redeemed', null);
    const res = await t.app.inject({ method: 'GET', url: `/api/Customer/info/${c.id}`, headers: c.auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().Data;
    expect(data).toMatchObject({ CustomerId: c.id, Name: 'Asha Menon', MobileNo: c.mobile, Email: '', WalletBalance: 374.5, LoyaltyPoints: 25 });
    expect(data.WalletHistory.map((w: { Amount: number; BalanceAfter: number; Reason: string }) => [w.Amount, w.BalanceAfter, w.Reason])).toEqual([
      [-125.5, 374.5, 'Paid for an order'],
      [500, 500, 'Opening balance'],
    ]);
    expect(data.WalletHistory[0]).toMatchObject({ OrderId: null, OrderNo: null });
    expect(data.LoyaltyHistory.map((l: { Points: number; BalanceAfter: number }) => [l.Points, l.BalanceAfter])).toEqual([
      [-15, 25],
      [40, 40],
    ]);
  });

  it.each([
    ['25', 10, 2.5],
    ['100', 10, 10],
    [null, 10, 10],
  ])('prices loyalty points with the setting %j (paise per point, else ₹1)', async (value, points, rupees) => {
    await t.app.db.deleteFrom('settings').where('company_id', '=', 1).where('key_code', '=', 'LOYALTY POINT VALUE').execute();
    if (value !== null) {
      await t.app.db.insertInto('settings').values({ company_id: 1, key_code: 'LOYALTY POINT VALUE', value, active: 1, description: '' }).execute();
    }
    const c = await createCustomer(t.app, { loyaltyPoints: points });
    const res = await t.app.inject({ method: 'GET', url: `/api/Customer/info/${c.id}`, headers: c.auth });
    expect(res.json().Data).toMatchObject({ LoyaltyPoints: points, LoyaltyValue: rupees });
    expect(res.json().Data.LoyaltyHistory[0].Amount).toBe(rupees);
  });

  it('refuses another customer’s id with 403 whether it exists or not', async () => {
    const me = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    for (const id of [other.id, 987_654]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Customer/info/${id}`, headers: me.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ Success: false, Message: 'You may not access this record.', Data: null });
    }
  });
});

describe('PUT /api/Customer/{customerId}', () => {
  it('saves a tidied name and a lower-cased email and answers the new profile', async () => {
    const c = await createCustomer(t.app, { name: '' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/Customer/${c.id}`,
      headers: c.auth,
      payload: { name: '  Dr.  Ravi   D’Souza-Pillai ', email: ' Ravi.Pillai@Example.IN ' },
    });
    expect(res.statusCode).toBe(200);
    // Phones type a typographic apostrophe; it is a letter of a name like any other.
    expect(res.json()).toMatchObject({
      Message: 'Your profile is saved.',
      Data: { CustomerId: c.id, Name: 'Dr. Ravi D’Souza-Pillai', Email: 'ravi.pillai@example.in' },
    });
  });

  it.each([
    [{ name: "Ravi O'Brien-Nair", email: '' }, 200, "Ravi O'Brien-Nair"],
    [{ name: 'Priya K. Sharma' }, 200, 'Priya K. Sharma'],
    [{ name: 'अनिता', email: 'anita@example.in' }, 200, 'अनिता'],
    [{ name: 'A', email: '' }, 400, 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).'],
    [{ name: 'x'.repeat(61), email: '' }, 400, 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).'],
    [{ name: 'R2-D2', email: '' }, 400, 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).'],
    [{ name: '<script>', email: '' }, 400, 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).'],
    [{ name: '   ', email: '' }, 400, 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).'],
    [{ name: 'Ravi', email: 'ravi@' }, 400, 'Enter a valid email address, or leave it empty.'],
    [{ name: 'Ravi', email: 'ravi example.in' }, 400, 'Enter a valid email address, or leave it empty.'],
    [{ name: 'Ravi', email: 'ravi@example' }, 400, 'Enter a valid email address, or leave it empty.'],
    [{ name: 'Ravi', email: '', mobile: '9000000000' }, 400, 'mobile is not a known field of the body.'],
    [{ email: 'ravi@example.in' }, 400, 'name is required in the body.'],
  ])('%j answers %i', async (payload, status, expected) => {
    const c = await createCustomer(t.app, { name: 'Before Change' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/Customer/${c.id}`, headers: c.auth, payload });
    expect(res.statusCode).toBe(status);
    const stored = await t.app.db.selectFrom('customers').select(['name', 'mobile']).where('id', '=', c.id).executeTakeFirstOrThrow();
    if (status === 200) {
      expect(res.json().Data.Name).toBe(expected);
      expect(stored.name).toBe(expected);
    } else {
      expect(res.json()).toEqual({ Success: false, Message: expected, Data: null });
      expect(stored.name).toBe('Before Change');
    }
    expect(stored.mobile).toBe(c.mobile);
  });

  it('refuses to change another customer', async () => {
    const me = await createCustomer(t.app);
    const other = await createCustomer(t.app, { name: 'Untouched' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/Customer/${other.id}`, headers: me.auth, payload: { name: 'Hacked', email: '' } });
    expect(res.statusCode).toBe(403);
    const stored = await t.app.db.selectFrom('customers').select('name').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Untouched');
  });
});

describe('A token verified once', () => {
  const infoWith = (customerId: number, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/Customer/info/${customerId}`, headers: { authorization: `Bearer ${token}` } });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps answering as its own customer only, and is refused once it expires', async () => {
    const asha = await createCustomer(t.app, { name: 'Asha' });
    const ravi = await createCustomer(t.app, { name: 'Ravi' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const token = await t.app.tokens.sign({ customerId: asha.id, companyId: 1 }, 60);
    for (let i = 0; i < 3; i += 1) {
      expect((await infoWith(asha.id, token)).json().Data.Name).toBe('Asha');
      expect((await infoWith(ravi.id, token)).statusCode).toBe(403);
    }
    vi.setSystemTime(Date.now() + 61_000);
    const late = await infoWith(asha.id, token);
    expect(late.statusCode).toBe(401);
    expect(late.json().Message).toBe('Your session has expired. Please log in again.');
  });

  it('does not make a token with one character changed acceptable', async () => {
    const asha = await createCustomer(t.app, { name: 'Asha' });
    const token = await t.app.tokens.sign({ customerId: asha.id, companyId: 1 }, 60);
    expect((await infoWith(asha.id, token)).statusCode).toBe(200);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect((await infoWith(asha.id, tampered)).statusCode).toBe(401);
  });
});
