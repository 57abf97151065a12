/**
 * Waits before asking again for code that could not be downloaded: the last one repeats. The
 * browser's online event asks at once, so a phone that had lost its network gets the code as
 * soon as it is back; the waits cover a network that never went away but a shop that did not
 * answer for a moment (a redeploy, a dropped connection).
 */
export const CODE_RETRY_DELAYS_MS = [2000, 5000, 15_000, 30_000, 60_000] as const;

/** Resolves after `ms`, or sooner when the browser says it is back online. */
export function nextChanceToDownload(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * Code left out of the first load (the live connection, notifications, dialogs), asked for
 * until it arrives. A download that fails never reaches the page as an uncaught error and never
 * leaves the part missing until a reload: it is asked for again on the next chance
 * (`CODE_RETRY_DELAYS_MS`, or the browser coming back online).
 */
export async function downloadUntilLoaded<T>(load: () => Promise<T>, nextChance: (ms: number) => Promise<void> = nextChanceToDownload): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await load();
    } catch (error) {
      console.warn('Code of the shop could not be downloaded; asking again', error);
      await nextChance(CODE_RETRY_DELAYS_MS[Math.min(failures, CODE_RETRY_DELAYS_MS.length - 1)]!);
    }
  }
}
