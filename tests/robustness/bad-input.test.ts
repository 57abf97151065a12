import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { collectRoutes, type RouteEntry } from './helpers/route-catalogue.js';
import { malformedRequest, type GeneratedRequest } from './helpers/malformed.js';
import { databaseChecksum, tableChecksums } from './helpers/db-checksum.js';
import { messageOf } from './helpers/tokens.js';
import { buildWorld, type World } from './helpers/world.js';
import { printFigures } from './helpers/figures.js';

/**
 * Every route of the built app and thousands of malformed requests (wrong types, missing and
 * extra fields, huge values, unicode, broken JSON and multipart), with and without tokens.
 * Each answer must be a 4xx with a message (or an ordinary success for what happens to be
 * valid), never a 5xx or a hang, and rejected requests must leave the database unchanged.
 */
const BATCHES = Number(process.env.ROBUST_FUZZ_BATCHES ?? 30);
const BATCH_SIZE = 25;
const ANSWER_WITHIN_MS = 5_000;

interface Outcome {
  request: GeneratedRequest;
  status: number;
  message: string;
}

async function send(world: World, request: GeneratedRequest): Promise<Outcome> {
  const token = await world.tokenFor(request.token);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const answer = world.app.inject({ method: request.method, url: request.url, headers, payload: request.payload });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_WITHIN_MS).unref());
  const res = await Promise.race([answer, timeout]);
  if (!res) return { request, status: 0, message: 'no answer within 5 s' };
  return { request, status: res.statusCode, message: res.statusCode >= 400 ? messageOf(res.body) : '' };
}

describe.each(BACKENDS)('malformed requests to every endpoint on %s', (backend) => {
  let world: World;
  let routes: RouteEntry[];

  beforeAll(async () => {
    world = await buildWorld(backend);
    routes = collectRoutes(world.app);
    // Reading the slots tops them up for the week; do it before the first checksum.
    for (const branchId of [1, 2]) await world.app.inject({ method: 'GET', url: `/api/DeliverySlot/web/1?branchId=${branchId}` });
  }, 120_000);
  afterAll(async () => world?.close());

  it('collects every API route, the hub and the payment endpoints from the built app', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'PUT /api/Cart/:branchId/:productId/:variantId',
      'POST /api/Order/summary',
      'POST /api/Payment/webhook',
      'POST /api/Product/images',
      'POST /catalogueHub/negotiate',
      'GET /uploads/:name',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers every malformed request with a 4xx and a message, never a 5xx or a hang, and leaves the database as it was', async () => {
    const failures: Outcome[] = [];
    const changes: string[] = [];
    let tried = 0;
    let rejected = 0;
    let accepted = 0;
    const db = world.shop.handle.db;
    const anyRequest = fc.integer({ min: 0, max: routes.length - 1 }).chain((i) => malformedRequest(routes[i] as RouteEntry));

    const seed = Number(process.env.ROBUST_SEED ?? Date.now() % 1_000_000);
    await fc.assert(
      fc.asyncProperty(fc.array(anyRequest, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (batch) => {
        let before = await databaseChecksum(db);
        let tables = await tableChecksums(db);
        const rejectedHere: GeneratedRequest[] = [];
        for (const request of batch) {
          const outcome = await send(world, request);
          tried += 1;
          if (outcome.status >= 400 && outcome.status < 500) {
            rejected += 1;
            rejectedHere.push(request);
            if (!outcome.message) failures.push(outcome);
          } else if (outcome.status >= 200 && outcome.status < 400) {
            accepted += 1;
            // What happened to be valid may change the database; start counting again after it.
            before = await databaseChecksum(db);
            tables = await tableChecksums(db);
          } else {
            failures.push(outcome);
          }
        }
        if ((await databaseChecksum(db)) !== before) {
          const after = await tableChecksums(db);
          const changed = Object.keys(after).filter((t) => after[t] !== tables[t]);
          changes.push(`tables ${changed.join(', ')} changed after rejected requests: ${rejectedHere.map((r) => `${r.route} ${r.shape}`).join(' | ')}`);
        }
        return true;
      }),
      { numRuns: BATCHES, seed, endOnFailure: true },
    );

    printFigures(`bad input (${backend})`, {
      'requests tried': tried,
      rejected,
      'valid by chance': accepted,
      '5xx or hangs or silent 4xx': failures.length,
      'database changes by rejected requests': changes.length,
      'fast-check seed': seed,
    });
    expect(
      failures.map((f) => `${f.status} ${f.request.route} [${f.request.shape}, token ${f.request.token}] ${f.request.url.slice(0, 120)} → "${f.message}"`),
    ).toEqual([]);
    expect(changes).toEqual([]);
    expect(tried).toBe(BATCHES * BATCH_SIZE);
    expect(rejected).toBeGreaterThan(tried * 0.8);
  }, 180_000);
});
