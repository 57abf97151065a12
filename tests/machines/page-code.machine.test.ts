import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { PAGE_CODE_ATTEMPTS, PAGE_CODE_RELOAD_TIMEOUT_MS, PAGE_CODE_RETRY_DELAYS_MS, pageCodeMachine } from '../../machines/page-code.machine';

interface Options {
  /** Each download's outcome in turn; past the list every download fails. */
  downloads: ('ok' | 'fail')[];
  ownBuild?: string | null;
  reloadedFor?: string | null;
  /** What /version.json says, or 'offline' when it cannot be fetched. */
  deployed?: string | null | 'offline';
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(options: Options) {
  const clock = new SimulatedClock();
  let downloads = 0;
  let buildChecks = 0;
  const reloads: string[] = [];
  const machine = pageCodeMachine.provide({
    actors: {
      loadCode: fromPromise<unknown>(async () => {
        const outcome = options.downloads[downloads] ?? 'fail';
        downloads += 1;
        if (outcome === 'fail') throw new TypeError('Failed to fetch dynamically imported module');
        return 'PageComponent';
      }),
      fetchDeployedBuild: fromPromise(async () => {
        buildChecks += 1;
        if (options.deployed === 'offline') throw new TypeError('Failed to fetch');
        return options.deployed ?? null;
      }),
    },
    actions: { reloadForBuild: (_, params) => reloads.push(params.build) },
  });
  const actor = createActor(machine, {
    clock,
    input: { ownBuild: options.ownBuild === undefined ? 'build-a' : options.ownBuild, reloadedFor: options.reloadedFor ?? null },
  }).start();
  return {
    actor,
    clock,
    reloads,
    downloads: () => downloads,
    buildChecks: () => buildChecks,
    state: () => actor.getSnapshot().value,
    /** Moves the simulated clock on and lets the downloads it starts settle. */
    async advance(ms: number) {
      clock.increment(ms);
      await flush();
    },
    /** Lets every retry run: the waits of PAGE_CODE_RETRY_DELAYS_MS, one after the other. */
    async runRetries() {
      await flush();
      for (const delay of PAGE_CODE_RETRY_DELAYS_MS) await this.advance(delay);
    },
  };
}

describe('page code machine', () => {
  it('shows the page once its code arrives, and downloads it only once', async () => {
    const page = harness({ downloads: ['ok'] });
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(page.state()).toBe('loaded');
    expect(page.actor.getSnapshot().context.code).toBe('PageComponent');
    expect(page.downloads()).toBe(1);
  });

  it('retries a failed download after each named back-off delay, not sooner', async () => {
    const page = harness({ downloads: ['fail', 'fail', 'ok'] });
    await flush();
    expect(page.state()).toBe('waiting');
    expect(page.downloads()).toBe(1);
    await page.advance(PAGE_CODE_RETRY_DELAYS_MS[0] - 1);
    expect(page.downloads()).toBe(1);
    await page.advance(1);
    expect(page.downloads()).toBe(2);
    expect(page.state()).toBe('waiting');
    await page.advance(PAGE_CODE_RETRY_DELAYS_MS[1] - 1);
    expect(page.downloads()).toBe(2);
    await page.advance(1);
    expect(page.downloads()).toBe(3);
    expect(page.state()).toBe('loaded');
    expect(page.buildChecks()).toBe(0);
  });

  it('after the last attempt with the same build deployed, shows the error and downloads nothing more', async () => {
    const page = harness({ downloads: [], deployed: 'build-a' });
    await page.runRetries();
    expect(page.state()).toBe('failed');
    expect(page.downloads()).toBe(PAGE_CODE_ATTEMPTS);
    expect(page.buildChecks()).toBe(1);
    expect(page.reloads).toEqual([]);
    expect(String(page.actor.getSnapshot().context.error)).toContain('Failed to fetch dynamically imported module');
    await page.advance(60_000);
    expect(page.downloads()).toBe(PAGE_CODE_ATTEMPTS);
    expect(page.state()).toBe('failed');
  });

  it('with no connection (the build cannot be asked for either), ends on the error screen', async () => {
    const page = harness({ downloads: [], deployed: 'offline' });
    await page.runRetries();
    expect(page.state()).toBe('failed');
    expect(page.downloads()).toBe(PAGE_CODE_ATTEMPTS);
    expect(page.reloads).toEqual([]);
  });

  it('Try again starts over with a fresh set of attempts, and a download that works shows the page', async () => {
    const failing = Array<'fail'>(PAGE_CODE_ATTEMPTS).fill('fail');
    const page = harness({ downloads: [...failing, 'fail', 'ok'], deployed: 'build-a' });
    await page.runRetries();
    expect(page.state()).toBe('failed');
    page.actor.send({ type: 'page.retry' });
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(page.downloads()).toBe(PAGE_CODE_ATTEMPTS + 1);
    expect(page.state()).toBe('waiting');
    await page.advance(PAGE_CODE_RETRY_DELAYS_MS[0]);
    expect(page.state()).toBe('loaded');
  });

  it('ignores Try again while a download is under way (one download at a time)', async () => {
    const page = harness({ downloads: ['fail'] });
    page.actor.send({ type: 'page.retry' });
    await flush();
    expect(page.downloads()).toBe(1);
    expect(page.state()).toBe('waiting');
  });

  it('reloads once onto a newer deployed build', async () => {
    const page = harness({ downloads: [], deployed: 'build-b' });
    await page.runRetries();
    expect(page.state()).toBe('reloading');
    expect(page.reloads).toEqual(['build-b']);
  });

  it('never reloads twice for the same build: a tab that already reloaded for it shows the error', async () => {
    const page = harness({ downloads: [], deployed: 'build-b', reloadedFor: 'build-b' });
    await page.runRetries();
    expect(page.state()).toBe('failed');
    expect(page.reloads).toEqual([]);
  });

  it('reloads again for a build newer than the one it last reloaded for', async () => {
    const page = harness({ downloads: [], deployed: 'build-c', reloadedFor: 'build-b' });
    await page.runRetries();
    expect(page.reloads).toEqual(['build-c']);
  });

  it('does not reload when it cannot tell its own build (a dev server) or the deployed one', async () => {
    const unknownOwn = harness({ downloads: [], ownBuild: null, deployed: 'build-b' });
    const unknownDeployed = harness({ downloads: [], deployed: null });
    await Promise.all([unknownOwn.runRetries(), unknownDeployed.runRetries()]);
    expect(unknownOwn.state()).toBe('failed');
    expect(unknownDeployed.state()).toBe('failed');
    expect([...unknownOwn.reloads, ...unknownDeployed.reloads]).toEqual([]);
  });

  it('a reload the browser does not carry out ends on the error screen, and Try again does not reload again', async () => {
    const page = harness({ downloads: [], deployed: 'build-b' });
    await page.runRetries();
    await page.advance(PAGE_CODE_RELOAD_TIMEOUT_MS);
    expect(page.state()).toBe('failed');
    page.actor.send({ type: 'page.retry' });
    await page.runRetries();
    expect(page.state()).toBe('failed');
    expect(page.reloads).toEqual(['build-b']);
  });
});

describe('page code paths (model-based)', () => {
  /** What the shopper sees, as a model: every shortest path to each state is driven through the real machine. */
  const model = setup({
    types: { context: {} as { failures: number }, events: {} as { type: 'WORKS' | 'FAILS' | 'FAILS_NEWER_BUILD' | 'WAIT' | 'WAIT_RELOAD' | 'TRY_AGAIN' } },
    guards: {
      notLast: ({ context }) => context.failures + 1 < PAGE_CODE_ATTEMPTS,
    },
  }).createMachine({
    id: 'pageCodeModel',
    context: { failures: 0 },
    initial: 'loading',
    states: {
      loading: {
        on: {
          WORKS: 'loaded',
          FAILS: [
            { guard: 'notLast', target: 'waiting', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
            { target: 'failed', actions: assign({ failures: 0 }) },
          ],
          // Which build is deployed is asked only after the last attempt.
          FAILS_NEWER_BUILD: [
            { guard: 'notLast', target: 'waiting', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
            { target: 'reloading', actions: assign({ failures: 0 }) },
          ],
        },
      },
      waiting: { on: { WAIT: 'loading' } },
      reloading: { on: { WAIT_RELOAD: 'failed' } },
      failed: { on: { TRY_AGAIN: 'loading' } },
      loaded: {},
    },
  });

  const paths = createTestModel(model).getShortestPaths();

  it('has paths through every state of the model', () => {
    expect([...new Set(paths.flatMap((p) => p.steps.map((step) => String(step.state.value))))].sort()).toEqual([
      'failed',
      'loaded',
      'loading',
      'reloading',
      'waiting',
    ]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const inFlight: { resolve: (code: unknown) => void; reject: (error: Error) => void }[] = [];
      let deployed = 'build-a';
      const reloads: string[] = [];
      const actor = createActor(
        pageCodeMachine.provide({
          actors: {
            loadCode: fromPromise<unknown>(() => new Promise((resolve, reject) => inFlight.push({ resolve, reject }))),
            fetchDeployedBuild: fromPromise<string | null>(async () => deployed),
          },
          actions: { reloadForBuild: (_, params) => reloads.push(params.build) },
        }),
        { clock, input: { ownBuild: 'build-a', reloadedFor: null } },
      ).start();
      const settleDownload = async (ok: boolean) => {
        const download = inFlight.shift();
        if (!download) throw new Error('no download in flight');
        if (ok) download.resolve('PageComponent');
        else download.reject(new TypeError('Failed to fetch dynamically imported module'));
        await flush();
      };
      const failures = () => actor.getSnapshot().context.failures;
      await path.test({
        events: {
          WORKS: () => settleDownload(true),
          FAILS: () => settleDownload(false),
          FAILS_NEWER_BUILD: async () => {
            deployed = 'build-b';
            await settleDownload(false);
          },
          WAIT: async () => {
            clock.increment(PAGE_CODE_RETRY_DELAYS_MS[failures() - 1] ?? 0);
            await flush();
          },
          WAIT_RELOAD: async () => {
            clock.increment(PAGE_CODE_RELOAD_TIMEOUT_MS);
            await flush();
          },
          TRY_AGAIN: () => void actor.send({ type: 'page.retry' }),
        },
        states: {
          loading: () => {
            expect(actor.getSnapshot().value).toBe('loading');
            expect(inFlight).toHaveLength(1);
          },
          waiting: () => {
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(inFlight).toHaveLength(0);
          },
          reloading: () => {
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(reloads).toEqual(['build-b']);
          },
          failed: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            expect(actor.getSnapshot().hasTag('busy')).toBe(false);
            expect(inFlight).toHaveLength(0);
          },
          loaded: () => expect(actor.getSnapshot().context.code).toBe('PageComponent'),
        },
      });
    });
  }
});
