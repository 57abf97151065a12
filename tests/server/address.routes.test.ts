import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { ADDRESS_MESSAGES } from '../../contract/address.rules.js';
import { GEOCODER_UNAVAILABLE } from '../../server/routes/geocode.routes.js';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

const home = {
  Name: 'Anjali Menon',
  Phone: '+91 98470 12345',
  House: '12/455, Sea View Apartments',
  Street: 'Beach Road',
  Landmark: 'Near the lighthouse',
  City: 'Kochi',
  State: 'Kerala',
  Pincode: '682001',
};

/** A stand-in for the geocoding provider: answers per the q parameter. */
let fakeGeocoder: http.Server;
let geocoderHits: URLSearchParams[] = [];
let t: TestApp;
let anjali: Customer;
let ravi: Customer;

beforeAll(async () => {
  fakeGeocoder = http.createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://x').searchParams;
    geocoderHits.push(params);
    if (params.get('q')?.includes('unreachable')) {
      req.socket.destroy();
      return;
    }
    if (params.get('q')?.includes('broken')) {
      res.writeHead(503).end('down');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify([
        {
          display_name: 'Beach Road, Fort Kochi, Kerala, 682001, India',
          lat: '9.9658',
          lon: '76.2421',
          address: { road: 'Beach Road', city: 'Kochi', state: 'Kerala', postcode: '682 001' },
        },
        { display_name: 'Somewhere abroad', lat: '1', lon: '2', address: { state: 'Bavaria', postcode: '80331' } },
      ]),
    );
  });
  await new Promise<void>((resolve) => fakeGeocoder.listen(0, '127.0.0.1', resolve));
  const port = (fakeGeocoder.address() as AddressInfo).port;
  t = await buildTestApp({ geocoderUrl: `http://127.0.0.1:${port}/search` });
  anjali = await createCustomer(t.app);
  ravi = await createCustomer(t.app);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fakeGeocoder.close(resolve));
});

const call = (who: Customer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function list(who: Customer) {
  const res = await call(who, 'GET', '/api/Address/customer');
  expect(res.statusCode).toBe(200);
  return res.json().Data as { AddressId: number; Name: string; IsDefault: boolean; Phone: string }[];
}

describe('Saved addresses', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Address/customer' });
    expect(res.statusCode).toBe(401);
  });

  it('makes the first address the default, keeps exactly one default, and promotes another when the default is deleted', async () => {
    const first = await call(anjali, 'POST', '/api/Address', home);
    expect(first.statusCode).toBe(200);
    expect(first.json().Data).toMatchObject({ Name: 'Anjali Menon', Phone: '9847012345', IsDefault: true, Pincode: '682001' });

    const office = await call(anjali, 'POST', '/api/Address', { ...home, Name: 'Anjali (office)', House: 'Infopark Phase 1', Landmark: '' });
    expect(office.json().Data.IsDefault).toBe(false);
    let all = await list(anjali);
    expect(all.filter((a) => a.IsDefault)).toHaveLength(1);

    const officeId = office.json().Data.AddressId as number;
    const made = await call(anjali, 'PUT', `/api/Address/${officeId}`, { ...home, Name: 'Anjali (office)', House: 'Infopark Phase 2', IsDefault: true });
    expect(made.statusCode).toBe(200);
    expect(made.json().Data).toMatchObject({ House: 'Infopark Phase 2', IsDefault: true });
    all = await list(anjali);
    expect(all.filter((a) => a.IsDefault).map((a) => a.AddressId)).toEqual([officeId]);
    expect(all[0]?.AddressId).toBe(officeId);

    const removed = await call(anjali, 'DELETE', `/api/Address/${officeId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().Data).toHaveLength(1);
    expect(removed.json().Data[0]).toMatchObject({ AddressId: first.json().Data.AddressId, IsDefault: true });
  });

  it.each([
    ['a landline-like phone', { Phone: '0484 2212345' }, ADDRESS_MESSAGES.phoneInvalid],
    ['a phone starting with 5', { Phone: '5847012345' }, ADDRESS_MESSAGES.phoneInvalid],
    ['a PIN starting with 0', { Pincode: '082001' }, ADDRESS_MESSAGES.pincodeInvalid],
    ['a 5-digit PIN', { Pincode: '68200' }, ADDRESS_MESSAGES.pincodeInvalid],
    ['a state outside the 28', { State: 'Delhi' }, ADDRESS_MESSAGES.stateInvalid],
    ['a blank name', { Name: '   ' }, ADDRESS_MESSAGES.nameRequired],
    ['a blank city', { City: '' }, ADDRESS_MESSAGES.cityRequired],
    ['a long landmark', { Landmark: 'x'.repeat(101) }, ADDRESS_MESSAGES.landmarkTooLong],
  ])('refuses %s with the same message the form shows', async (_case, change, message) => {
    const res = await call(anjali, 'POST', '/api/Address', { ...home, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Success: false, Message: message, Data: null });
  });

  it('refuses a missing field and an unknown field with a clear 400', async () => {
    const { Pincode: _omit, ...noPin } = home;
    const missing = await call(anjali, 'POST', '/api/Address', noPin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toMatch(/Pincode is required/);
    const extra = await call(anjali, 'POST', '/api/Address', { ...home, CustomerId: ravi.id });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().Message).toMatch(/CustomerId is not a known field/);
  });

  it('never shows, changes or deletes another customer’s address', async () => {
    const mine = (await list(anjali))[0];
    expect(mine).toBeDefined();
    expect(await list(ravi)).toEqual([]);
    const edit = await call(ravi, 'PUT', `/api/Address/${mine?.AddressId}`, { ...home, Name: 'Ravi' });
    expect(edit.statusCode).toBe(404);
    const del = await call(ravi, 'DELETE', `/api/Address/${mine?.AddressId}`);
    expect(del.statusCode).toBe(404);
    expect((await list(anjali))[0]?.Name).toBe('Anjali Menon');
  });
});

describe('Location search', () => {
  it('passes q and format=json to the configured provider and keeps only Indian states and PINs', async () => {
    geocoderHits = [];
    const res = await call(anjali, 'GET', '/api/Geocode/search?q=beach%20road%20kochi');
    expect(res.statusCode).toBe(200);
    expect(geocoderHits[0]?.get('q')).toBe('beach road kochi');
    expect(geocoderHits[0]?.get('format')).toBe('json');
    expect(res.json().Data[0]).toMatchObject({ Street: 'Beach Road', City: 'Kochi', State: 'Kerala', Pincode: '682001', Latitude: 9.9658 });
    expect(res.json().Data[1]).toMatchObject({ State: '', Pincode: '' });
  });

  it('answers a clear message when the provider fails, so the form falls back to typing', async () => {
    const res = await call(anjali, 'GET', '/api/Geocode/search?q=broken%20street');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ Success: false, Message: GEOCODER_UNAVAILABLE });
  });

  it('answers the same when the provider drops the connection', async () => {
    const res = await call(anjali, 'GET', '/api/Geocode/search?q=unreachable%20lane');
    expect(res.statusCode).toBe(502);
    expect(res.json().Message).toBe(GEOCODER_UNAVAILABLE);
  });

  it('refuses a query shorter than 3 characters', async () => {
    const res = await call(anjali, 'GET', '/api/Geocode/search?q=ko');
    expect(res.statusCode).toBe(400);
  });
});
