import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { TOKEN_KINDS, hostileJson, hostileText, type TokenKind } from './helpers/malformed.js';
import { databaseChecksum } from './helpers/db-checksum.js';
import { openHubSocket, RS } from './helpers/hub-socket.js';
import { messageOf } from './helpers/tokens.js';
import { buildWorld, type World } from './helpers/world.js';
import { printFigures } from './helpers/figures.js';

/**
 * The live hub against generated bad frames: no handshake or a wrong one, text that is not a
 * record, JSON of the wrong shape, invocations with hostile arguments, records over the size
 * limit, binary frames. The hub must answer each connection's probe or close it with a
 * reason, stay up for everyone else and change nothing in the database.
 */
const CASES = Number(process.env.ROBUST_HUB_CASES ?? 120);

const handshake = fc.oneof(
  { weight: 6, arbitrary: fc.constant(`{"protocol":"json","version":1}${RS}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `{"protocol":"messagepack","version":1}${RS}`,
      `{"protocol":"json","version":99}${RS}`,
      `{}${RS}`,
      'no separator',
      `${RS}`,
      `{"protocol":"json","version":1}`,
    ),
  },
);

const invocation = fc.record({
  type: fc.oneof(fc.constant(1), hostileJson),
  invocationId: fc.option(fc.oneof(fc.string({ maxLength: 12 }), hostileJson), { nil: undefined }),
  target: fc.oneof(fc.constantFrom('JoinCompanyGroup', 'SendCatalogueUpdate', 'sendcatalogueupdate', 'OnConnected', 'constructor', '__proto__'), hostileText),
  arguments: fc.oneof(fc.array(hostileJson, { maxLength: 12 }), hostileJson),
});

/** Well-formed invocations of the real methods with hostile arguments: the hub must answer each with an error. */
const wellFormed = fc
  .record({
    invocationId: fc.string({ minLength: 1, maxLength: 8 }),
    target: fc.constantFrom('JoinCompanyGroup', 'SendCatalogueUpdate'),
    arguments: fc.array(hostileJson, { maxLength: 11 }),
  })
  .map((m) => `${JSON.stringify({ type: 1, ...m })}${RS}`);

const frame = fc.oneof(
  { weight: 3, arbitrary: wellFormed },
  fc.string({ maxLength: 60 }),
  fc.string({ maxLength: 60 }).map((s) => `${s}${RS}`),
  fc.json().map((s) => `${s.slice(0, -1)}${RS}`),
  fc.jsonValue().map((v) => `${JSON.stringify(v)}${RS}`),
  invocation.map((m) => `${JSON.stringify(m)}${RS}`),
  fc.constantFrom(
    `${'x'.repeat(40_000)}${RS}`,
    'y'.repeat(40_000),
    `{"type":6}${RS}{"type":7}${RS}`,
    `{"type":1,"target":"SendCatalogueUpdate","arguments":["CartDetails",1,1,1]}${RS}`.repeat(40),
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

const tokenKind = fc.oneof({ weight: 3, arbitrary: fc.constantFrom<TokenKind>('valid', 'none', 'otherCompany') }, fc.constantFrom(...TOKEN_KINDS));

const PROBE = `${JSON.stringify({ type: 1, invocationId: 'probe', target: 'JoinCompanyGroup', arguments: [1] })}${RS}`;

describe.each(BACKENDS)('bad frames to the live hub on %s', (backend) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(backend);
  }, 120_000);
  afterAll(async () => world?.close());

  it('answers or closes every connection with a reason, never hangs or falls over, and changes nothing', async () => {
    const before = await databaseChecksum(world.shop.handle.db);
    const problems: string[] = [];
    const refusals: Record<number, number> = {};
    const figures = { connections: 0, 'negotiations refused': 0, 'frames sent': 0, 'closed by the hub': 0, 'error completions': 0, hangs: 0 };
    const seed = Number(process.env.ROBUST_SEED ?? Date.now() % 1_000_000);

    await fc.assert(
      fc.asyncProperty(tokenKind, handshake, fc.array(frame, { minLength: 1, maxLength: 6 }), async (kind: TokenKind, hello, frames) => {
        const opened = await openHubSocket(world.base, world.tokens[kind]);
        if (!opened.hub) {
          figures['negotiations refused'] += 1;
          refusals[opened.status] = (refusals[opened.status] ?? 0) + 1;
          if (opened.status < 400 || opened.status >= 500 || !messageOf(opened.body))
            problems.push(`negotiate with a ${kind} token answered ${opened.status} "${opened.body}"`);
          return true;
        }
        const hub = opened.hub;
        figures.connections += 1;
        hub.send(hello);
        for (const f of frames) hub.send(f);
        hub.send(PROBE);
        figures['frames sent'] += frames.length + 2;
        const answered = await hub.waitFor((r) => typeof r === 'object' && r !== null && (r as { invocationId?: unknown }).invocationId === 'probe', 3_000);
        if (answered === null) {
          figures.hangs += 1;
          problems.push(`no answer and no close after ${JSON.stringify(frames).slice(0, 200)}`);
        }
        if (hub.isClosed()) figures['closed by the hub'] += 1;
        for (const record of hub.records) {
          const r = record as { type?: number; error?: unknown };
          if (r.type === 3 && 'error' in r) {
            figures['error completions'] += 1;
            if (typeof r.error !== 'string' || !r.error.trim()) problems.push(`a completion error without a message: ${JSON.stringify(r)}`);
          }
        }
        hub.close();
        await Promise.race([hub.closed, new Promise((r) => setTimeout(r, 1_000))]);
        const alive = await fetch(`${world.base}/api/Company/details/1`);
        if (alive.status !== 200) problems.push(`the server answered ${alive.status} after a bad connection`);
        return true;
      }),
      { numRuns: CASES, seed },
    );

    const after = await databaseChecksum(world.shop.handle.db);
    printFigures(`hub frames (${backend})`, {
      ...figures,
      'refusals by status': JSON.stringify(refusals),
      problems: problems.length,
      'database changed': after === before ? 'no' : 'YES',
      'fast-check seed': seed,
    });
    expect(problems).toEqual([]);
    expect(after).toBe(before);
    expect(figures.connections).toBeGreaterThan(CASES / 2);
    expect(figures['error completions']).toBeGreaterThan(0);
    expect(figures['closed by the hub']).toBeLessThan(figures.connections);
  }, 180_000);
});
