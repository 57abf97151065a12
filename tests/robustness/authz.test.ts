import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { collectRoutes } from './helpers/route-catalogue.js';
import { markersOf, probesFor, victimChecksum } from './helpers/victim-probe.js';
import { openHubSocket, RS } from './helpers/hub-socket.js';
import { FORGERY_SECRET, signToken } from './helpers/tokens.js';
import { buildWorld, type World } from './helpers/world.js';
import { printFigures } from './helpers/figures.js';

/**
 * Every endpoint and hub method aimed at one customer's records (their ids in paths, queries
 * and bodies) by five callers who are not that customer: no token, a forged token naming them,
 * their own token expired, another customer of the shop, a customer of another shop. Nothing
 * of theirs may come back and nothing of theirs may change.
 */
const CALLERS = ['none', 'forged', 'expired', 'neighbour', 'foreigner'] as const;
type Caller = (typeof CALLERS)[number];

/** The provider's hosted card window (the sandbox stands in for Razorpay's page): anyone holding an order id may pay it. */
const PROVIDER_WINDOW = /^\/sandbox\/checkout/;
/** Uploaded photos are capability URLs: 128 random bits in the name; guessed names are tried below. */
const CAPABILITY = '/uploads/:name';

describe.each(BACKENDS)('authorization table on %s', (backend) => {
  let world: World;
  let houseMarker: string;
  /** The caller's token for one request: the customers' are signed anew each time, since signing out ends every token signed before. */
  let credentials: Record<Caller, () => Promise<string | null>>;

  beforeAll(async () => {
    world = await buildWorld(backend);
    houseMarker = `VICTIM-HOUSE-${Date.now()}`;
    await world.app.db.updateTable('addresses').set({ house: houseMarker }).where('id', '=', world.victim.addressId).execute();
    const victim = { customerId: world.victim.customer.id, companyId: 1 };
    const forged = await signToken(FORGERY_SECRET, victim);
    const expired = await world.app.tokens.sign(victim, -60);
    credentials = {
      none: async () => null,
      forged: async () => forged,
      expired: async () => expired,
      neighbour: () => world.app.tokens.sign({ customerId: world.neighbour.customer.id, companyId: 1 }),
      foreigner: () => world.app.tokens.sign({ customerId: world.foreigner.id, companyId: world.foreigner.companyId }),
    };
  }, 120_000);
  afterAll(async () => world?.close());

  it('lets no other caller read or change a customer’s records through any endpoint', async () => {
    const routes = collectRoutes(world.app).filter((r) => !PROVIDER_WINDOW.test(r.url) && r.url !== CAPABILITY);
    const markers = markersOf(world.victim, houseMarker);
    const leaks: string[] = [];
    const changes: string[] = [];
    const table: string[] = [];
    let requests = 0;
    let before = await victimChecksum(world.app.db, world.victim);

    for (const route of routes) {
      for (const probe of probesFor(route, world.victim)) {
        const row: string[] = [];
        for (const caller of CALLERS) {
          const token = await credentials[caller]();
          const headers: Record<string, string> = probe.payload === undefined ? {} : { 'content-type': 'application/json' };
          if (token) headers.authorization = `Bearer ${token}`;
          const res = await world.app.inject({ method: probe.method, url: probe.url, headers, payload: probe.payload });
          requests += 1;
          row.push(String(res.statusCode));
          const leaked = markers.filter((m) => res.body.includes(m));
          if (leaked.length > 0) leaks.push(`${caller} ${probe.method} ${probe.url} → ${res.statusCode} shows ${leaked.join(', ')}`);
          const after = await victimChecksum(world.app.db, world.victim);
          if (after !== before) {
            changes.push(`${caller} ${probe.method} ${probe.url} → ${res.statusCode} changed the customer's records`);
            before = after;
          }
        }
        table.push(`  ${`${route.method} ${route.url} (${probe.variant})`.padEnd(72)} ${row.map((s) => s.padStart(4)).join(' ')}`);
      }
    }
    // Guessed photo names: one character away from a real one.
    const real = world.victim.uploadName;
    const guessed = `${real.slice(0, 5)}${real[5] === '0' ? '1' : '0'}${real.slice(6)}`;
    const photo = await world.app.inject({ method: 'GET', url: `/uploads/${guessed}` });
    requests += 1;
    expect(photo.statusCode).toBe(404);
    expect(real).toMatch(/^[0-9a-f]{32}\.\w+$/);

    // Anyone else's orders must not carry the customer's address.
    const borrowed = await world.app.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '<>', world.victim.customer.id)
      .where('address_json', 'like', `%${houseMarker}%`)
      .execute();

    console.log(
      `\n[robustness] authorization table (${backend}): status per caller\n  ${'endpoint'.padEnd(72)} ${CALLERS.map((c) => c.slice(0, 4).padStart(4)).join(' ')}\n${table.join('\n')}`,
    );
    printFigures(`authorization (${backend})`, {
      endpoints: routes.length,
      'requests tried': requests,
      'leaked records': leaks.length,
      'changed records': changes.length + borrowed.length,
    });
    expect(leaks).toEqual([]);
    expect(changes).toEqual([]);
    expect(borrowed).toEqual([]);
  }, 180_000);

  it('lets no other caller receive or ask for a customer’s cart through the hub', async () => {
    const victim = world.victim.customer;
    const answers: Record<string, string> = {};
    const sockets = [];
    for (const caller of CALLERS) {
      const opened = await openHubSocket(world.base, await credentials[caller]());
      if (!opened.hub) {
        answers[caller] = `negotiate ${opened.status}`;
        expect(caller === 'forged' || caller === 'expired').toBe(true);
        continue;
      }
      const hub = opened.hub;
      sockets.push({ caller, hub });
      hub.send(`{"protocol":"json","version":1}${RS}`);
      for (const [i, companyId] of [1, 2].entries()) {
        hub.send(
          `${JSON.stringify({ type: 1, invocationId: `cart${i}`, target: 'SendCatalogueUpdate', arguments: ['CartDetails', companyId, 1, victim.id, null, 1, 10, null, null, null, null] })}${RS}`,
        );
      }
      const done = await hub.waitFor((r) => (r as { invocationId?: string }).invocationId === 'cart1', 3_000);
      expect(done).toBe(true);
      const errors = hub.records.filter((r) => (r as { type?: number }).type === 3).map((r) => (r as { error?: string }).error ?? 'no error');
      answers[caller] = errors.join(' / ');
      expect(errors.every((e) => e !== 'no error')).toBe(true);
    }
    // The customer changes their own cart: only their own connections may hear of it.
    const change = await world.app.inject({
      method: 'PUT',
      url: `/api/Cart/1/${world.victim.productId}/0?qtyChange=1&id=0&pageNumber=1&pageSize=10`,
      headers: victim.auth,
    });
    expect(change.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    let received = 0;
    for (const { hub } of sockets) {
      received += hub.records.filter((r) => JSON.stringify(r).includes('CartDetails') && (r as { type?: number }).type === 1).length;
      hub.close();
    }
    printFigures(`hub authorization (${backend})`, { ...answers, 'foreign cart pushes received': received });
    expect(received).toBe(0);
  });
});
