/** The network counts as quiet after this long without a resource finishing. */
export const NETWORK_QUIET_MS = 500;
/** Deferred work starts at the latest this long after the load event, quiet or not. */
export const LONGEST_DEFER_MS = 5000;

let shown: Promise<void> | null = null;

function loaded(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

function networkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | null = null;
    let quiet = setTimeout(done, NETWORK_QUIET_MS);
    const longest = setTimeout(done, LONGEST_DEFER_MS);
    function done() {
      clearTimeout(quiet);
      clearTimeout(longest);
      observer?.disconnect();
      resolve();
    }
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(done, NETWORK_QUIET_MS);
      });
      observer.observe({ type: 'resource' });
    }
  });
}

/** A task of its own: what runs after it does not share a task with what ran before. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the page has loaded and shown what it fetched: after the load event, when no
 * request has finished for a moment (the page's data and pictures are in), at most 5 s later.
 * What is not needed to show a page (the live-update client, overlays, notifications) loads
 * from here, so a phone spends its first seconds and its bandwidth on the page itself.
 * Each caller resumes in a task of its own: the deferred parts start one after another, with
 * the browser free to handle a tap between them, rather than all in one long task.
 */
export function afterPageShown(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  shown ??= loaded().then(networkQuiet);
  return shown.then(nextTask);
}
