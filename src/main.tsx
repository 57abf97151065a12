import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadPage } from './app/router';
import { askForOpeningListPage } from './app/product-list-query';
import { startAppActors } from './app/app-actors';
import { ensureAppVersion } from './app/app-version';
import { applyShopParams } from './app/shop-context';
import { setupInspector } from './app/inspector';
import { connectSessionTimeout } from './app/session-timeout';
import { DeferredToasts } from './app/deferred-overlays';
import { applyLaterStyles } from './lib/later-styles';
import { watchStyleSheets } from './lib/style-sheets';
import './first-paint.css';
// The frame most pages share comes with the entry's styles, in the page's head: as a lazy page's
// own style sheet it would make the code of each page that uses it wait for one more download.
import './components/page-shell.module.css';

/**
 * Lets the browser handle input and paint between the steps of start-up, so a slow phone runs
 * several short tasks instead of one long one (scheduler.yield where there is one).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * How long the first render waits for the code of the page the visit opens on. It usually
 * arrives during start-up; on a stalled connection the layout shows with the page's loading
 * status instead.
 */
const FIRST_PAGE_WAIT_MS = 2000;

async function start(): Promise<void> {
  if (!ensureAppVersion()) return;
  watchStyleSheets();
  // Company and branch can be overridden at start (spec section 1), by the address the visit opens on.
  applyShopParams(new URLSearchParams(window.location.search));
  const firstPage = preloadPage(window.location.pathname);
  askForOpeningListPage(window.location);
  await setupInspector();
  await yieldToBrowser();
  startAppActors();
  connectSessionTimeout();
  await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
  await yieldToBrowser();
  // After the page's HTML has had its chance to paint, before the app's first render.
  applyLaterStyles();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition renders in slices, so a slow phone's first render does not block input for long.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <DeferredToasts />
      </StrictMode>,
    ),
  );
}

void start();
