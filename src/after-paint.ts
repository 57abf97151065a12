/**
 * The script a page with a first paint in its HTML starts from (home's header and hero,
 * decision 013): it asks for the app's main script only once the browser has painted that page
 * (docs/decisions/029-app-code-after-the-first-paint.md). A main script that arrived first would
 * run before the paint: on a phone its hundreds of milliseconds of work would hold back the
 * page the HTML already brought. It imports nothing, so it arrives in one small file.
 */

/** The longest the app waits for a paint that does not come (a page still fetching its style sheet). */
export const PAINT_WAIT_MS = 1000;

/** Waits before asking again for a main script that could not be downloaded, or until the browser is back online. */
export const APP_RETRY_MS = 5000;

/** What the wait reads of the browser's window. */
export type PaintWindow = Pick<Window, 'document' | 'setTimeout' | 'clearTimeout'> & { PerformanceObserver?: typeof PerformanceObserver };

/** Resolves once the page has painted its first content, at once for a tab the visitor does not see (it paints nothing). */
export function firstPaint(win: PaintWindow = window): Promise<void> {
  return new Promise((resolve) => {
    const doc = win.document;
    if (doc.visibilityState !== 'visible' || !win.PerformanceObserver?.supportedEntryTypes.includes('paint')) return resolve();
    let waiting = true;
    const done = () => {
      if (!waiting) return;
      waiting = false;
      observer.disconnect();
      win.clearTimeout(timer);
      doc.removeEventListener('visibilitychange', done);
      resolve();
    };
    const timer = win.setTimeout(done, PAINT_WAIT_MS);
    doc.addEventListener('visibilitychange', done);
    const Observer = win.PerformanceObserver;
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    // Buffered: a paint that came before this script ran counts too.
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Runs the app's main script, asking again while it cannot be downloaded (no network, a shop restarting). */
export async function startApp(
  url: string,
  load: (url: string) => Promise<unknown> = (u) => import(/* @vite-ignore */ u),
  win: Window = window,
): Promise<void> {
  for (;;) {
    try {
      await load(url);
      return;
    } catch (error) {
      console.warn('The shop’s code could not be downloaded; asking again', error);
      await new Promise<void>((resolve) => {
        const again = () => {
          win.clearTimeout(timer);
          win.removeEventListener('online', again);
          resolve();
        };
        const timer = win.setTimeout(again, APP_RETRY_MS);
        win.addEventListener('online', again);
      });
    }
  }
}

/**
 * The script element that names the app's main script: its attribute is the server's
 * AFTER_PAINT_APP_ATTRIBUTE (contract/opening-shell.rules.ts), written out so this file imports nothing.
 */
export const APP_SCRIPT_SELECTOR = 'script[data-shoal-app]';

const app = typeof document === 'undefined' ? undefined : document.querySelector<HTMLScriptElement>(APP_SCRIPT_SELECTOR)?.dataset.shoalApp;
if (app) void firstPaint().then(() => startApp(app));
