import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter } from 'react-router';
import { system } from './app/theme';
import { withoutGlobalCss } from './app/chakra-global-css';
import { AppRoutes, preloadPage } from './app/router';
import { startAppActors } from './app/app-actors';
import { ensureAppVersion } from './app/app-version';
import { setupInspector } from './app/inspector';
import { connectSessionTimeout } from './app/session-timeout';
import { DeferredToasts } from './app/deferred-overlays';

async function start(): Promise<void> {
  if (!ensureAppVersion()) return;
  preloadPage(window.location.pathname);
  await setupInspector();
  startAppActors();
  connectSessionTimeout();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition renders in slices, so a slow phone's first render does not block input for long.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ChakraProvider value={withoutGlobalCss(system)}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <DeferredToasts />
        </ChakraProvider>
      </StrictMode>,
    ),
  );
}

void start();
