import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_RETRY_MS, APP_SCRIPT_SELECTOR, PAINT_WAIT_MS, firstPaint, startApp, type PaintWindow } from '../../src/after-paint.js';
import { AFTER_PAINT_APP_ATTRIBUTE } from '../../contract/opening-shell.rules.js';
import { startingAfterPaint } from '../../server/spa/opening-page.js';

/** A window whose page paints when the test says so, seen by the wait as a browser's would be. */
function paintingWindow(visibility: 'visible' | 'hidden' = 'visible') {
  const documentEvents = new EventTarget();
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
  const painted: string[] = [];
  const deliver = (callback: PerformanceObserverCallback, names: string[]) => {
    const list = { getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })) };
    callback(list as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
  };
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private entry: { callback: PerformanceObserverCallback; connected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, connected: true };
      observers.push(this.entry);
    }
    observe() {
      // `buffered`: a paint that happened before the wait began is seen too.
      if (painted.length > 0) deliver(this.entry.callback, painted);
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const win = {
    document: Object.assign(documentEvents, { visibilityState: visibility }) as unknown as Document,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
  } as unknown as PaintWindow;
  return {
    win,
    paint(name: string) {
      painted.push(name);
      for (const o of observers) if (o.connected) deliver(o.callback, [name]);
    },
    connected: () => observers.filter((o) => o.connected).length,
    setVisibility(value: 'visible' | 'hidden') {
      (win.document as unknown as { visibilityState: string }).visibilityState = value;
      documentEvents.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the app’s code after the first paint', () => {
  it('waits for the first contentful paint, not for a first paint with nothing in it', async () => {
    const page = paintingWindow();
    const wait = firstPaint(page.win);
    page.paint('first-paint');
    expect(await settled(wait)).toBe(false);
    page.paint('first-contentful-paint');
    expect(await settled(wait)).toBe(true);
    expect(page.connected()).toBe(0);
  });

  it('does not wait for a paint that happened before it began', async () => {
    const page = paintingWindow();
    page.paint('first-contentful-paint');
    expect(await settled(firstPaint(page.win))).toBe(true);
  });

  it('starts the app in a tab the visitor does not see, which paints nothing, and when the tab is hidden while it waits', async () => {
    expect(await settled(firstPaint(paintingWindow('hidden').win))).toBe(true);
    const page = paintingWindow();
    const wait = firstPaint(page.win);
    expect(await settled(wait)).toBe(false);
    page.setVisibility('hidden');
    expect(await settled(wait)).toBe(true);
  });

  it('starts the app after at most PAINT_WAIT_MS when no paint comes, and at once in a browser that does not report paints', async () => {
    const page = paintingWindow();
    const wait = firstPaint(page.win);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(await settled(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(wait)).toBe(true);
    const old = { ...paintingWindow().win, PerformanceObserver: undefined } as PaintWindow;
    expect(await settled(firstPaint(old))).toBe(true);
  });

  it('asks again for a main script that could not be downloaded, when the browser is back online or after a wait', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const events = new EventTarget();
    const win = Object.assign(events, {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (id: number) => clearTimeout(id),
    }) as unknown as Window;
    const asked: string[] = [];
    let failures = 2;
    const load = (url: string) => {
      asked.push(url);
      return failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({});
    };
    const started = startApp('/assets/index-main.js', load, win);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(APP_RETRY_MS - 1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(asked).toEqual(['/assets/index-main.js', '/assets/index-main.js', '/assets/index-main.js']);
  });

  it('finds its script element by the attribute the server writes', () => {
    expect(APP_SCRIPT_SELECTOR).toBe(`script[${AFTER_PAINT_APP_ATTRIBUTE}]`);
  });
});

describe('a page started after its paint (server)', () => {
  // index.html as the build writes it: the main script and the preload of what it imports.
  const built =
    '<head><link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-a.js"><script type="module" crossorigin src="/assets/index-b.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/home-c.js"><link rel="stylesheet" crossorigin href="/assets/home-d.css"></head>';

  it('names the main script for the after-paint script, preloads no code and keeps its style sheets', () => {
    expect(startingAfterPaint(built, 'assets/after-paint-e.js')).toBe(
      '<head><script type="module" crossorigin src="/assets/after-paint-e.js" data-shoal-app="/assets/index-b.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/home-d.css"></head>',
    );
  });

  it('leaves the page as it is for a build without the after-paint script', () => {
    expect(startingAfterPaint(built, undefined)).toBe(built);
  });
});
