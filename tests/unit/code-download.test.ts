import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_RETRY_DELAYS_MS, downloadUntilLoaded, nextChanceToDownload } from '../../src/lib/code-download';

const failedFetch = () => new TypeError('Failed to fetch dynamically imported module: /assets/hub-client.js');

describe('code left out of the first load', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is asked for again after each failed download, waiting longer each time, and never fails the caller', async () => {
    const waits: number[] = [];
    let attempts = 0;
    const code = await downloadUntilLoaded(
      async () => {
        attempts += 1;
        if (attempts <= 7) throw failedFetch();
        return { startHubActor: 'the code' };
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(code).toEqual({ startHubActor: 'the code' });
    expect(attempts).toBe(8);
    expect(waits).toEqual([2000, 5000, 15_000, 30_000, 60_000, 60_000, 60_000]);
  });

  it('is asked for once when it arrives', async () => {
    const nextChance = vi.fn(async () => undefined);
    const load = vi.fn(async () => 'the code');
    await expect(downloadUntilLoaded(load, nextChance)).resolves.toBe('the code');
    expect(load).toHaveBeenCalledTimes(1);
    expect(nextChance).not.toHaveBeenCalled();
  });
});

describe('the next chance to download', () => {
  let browser: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = new EventTarget();
    vi.stubGlobal('window', browser);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function settled(promise: Promise<void>): () => boolean {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  }

  it('comes at once when the browser is back online', async () => {
    const removed = vi.spyOn(browser, 'removeEventListener');
    const done = settled(nextChanceToDownload(CODE_RETRY_DELAYS_MS[2]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done()).toBe(false);
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(removed).toHaveBeenCalledWith('online', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('comes after the wait when the network never went away', async () => {
    const done = settled(nextChanceToDownload(5000));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });
});
