/**
 * The shop's own style sheets that failed to download, asked for again with a page's code.
 *
 * A page's style sheet can fail like its code does (a dropped connection, a server restarting),
 * and the page would then draw unstyled: the browser does not ask for a failed style sheet again,
 * nor does Vite's loader, which adds each page's sheets once and, on a later attempt at the same
 * page, finds them already added. So the app notes every sheet that failed, and the download of a
 * page's code (router.tsx, machines/page-code.machine.ts) puts a fresh copy of each in its place
 * before the page renders; a copy that fails too fails that download, which the page's code flow
 * retries and, in the end, shows as the error screen with Try again.
 */

const failed = new Set<HTMLLinkElement>();
let attempts = 0;
let watching = false;

const isStyleSheet = (node: unknown): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'stylesheet';

/**
 * Whether a settled sheet failed: browsers give a failed one no sheet, or an empty one whose rules
 * may not even be read; the build writes no empty file.
 */
function withoutRules(link: HTMLLinkElement): boolean {
  try {
    return !link.sheet || link.sheet.cssRules.length === 0;
  } catch {
    return true;
  }
}

/**
 * Starts noting failed style sheets. Called as the app's code starts: the style sheets of the
 * page's head have settled by then (they hold back the app's scripts), so one without rules has
 * failed; a sheet added later reports its failure as an error event.
 */
export function watchStyleSheets(doc: Document = document): void {
  if (watching) return;
  watching = true;
  for (const link of doc.querySelectorAll('link[rel="stylesheet"]')) {
    if (isStyleSheet(link) && withoutRules(link)) failed.add(link);
  }
  doc.addEventListener(
    'error',
    (event) => {
      if (isStyleSheet(event.target)) failed.add(event.target);
    },
    true,
  );
}

/** A fresh copy of a failed sheet, its address marked so no answer kept for the failed one is used. */
function freshCopy(link: HTMLLinkElement): Promise<void> {
  attempts += 1;
  const copy = link.cloneNode() as HTMLLinkElement;
  const url = new URL(link.href);
  url.searchParams.set('retry', String(attempts));
  copy.href = url.href;
  const settled = new Promise<void>((resolve, reject) => {
    copy.addEventListener('load', () => resolve(), { once: true });
    copy.addEventListener('error', () => reject(new Error(`The page's styles could not be downloaded (${link.getAttribute('href') ?? ''})`)), { once: true });
  });
  // In the failed one's place, so the rules keep their order among the page's sheets.
  link.replaceWith(copy);
  return settled;
}

/** The copies on their way, which a page loading meanwhile waits for too. */
let arriving: Promise<unknown> = Promise.resolve();

/**
 * Replaces every sheet that failed with a fresh copy; resolves once these and the copies already
 * on their way have arrived, rejects if one of these fails again.
 */
export async function repairStyleSheets(): Promise<void> {
  const broken = [...failed].filter((link) => link.isConnected);
  failed.clear();
  const copies = Promise.all(broken.map(freshCopy));
  const before = arriving;
  // Settled to nothing, so the chain holds no results of earlier pages' copies.
  arriving = Promise.allSettled([before, copies]).then(() => undefined);
  await Promise.all([before, copies]);
}
