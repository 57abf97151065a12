import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
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
