import { useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router';

type ScopeModule = typeof import('./chakra-scope');

let loaded: ScopeModule | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads Chakra's provider (chakra-scope.tsx). A page that renders in it loads it with its own code
 * and is ready only once both are here. The first page uses no Chakra component, so Chakra's
 * code, theme and system arrive with the first page or dialog that does.
 */
export function loadChakraScope(): Promise<ScopeModule> {
  return import('./chakra-scope').then((scope) => {
    if (!loaded) {
      loaded = scope;
      for (const listener of listeners) listener();
    }
    return scope;
  });
}

/**
 * Its children inside Chakra's provider once the provider's code has arrived (the router loads it
 * with the code of every page drawn with Chakra); until then they are rendered as they are, which
 * only a page's loading and error views are.
 */
export function ChakraScoped({ children }: { children: ReactNode }) {
  const scope = useSyncExternalStore(subscribe, () => loaded);
  return scope ? <scope.ChakraScope>{children}</scope.ChakraScope> : children;
}

/**
 * The layout route of every page drawn with Chakra (all but home and the pages the page table
 * marks `chakra: false`): one Chakra provider for all of them, which stays while the customer
 * goes from page to page.
 */
export function ChakraLayout() {
  return (
    <ChakraScoped>
      <Outlet />
    </ChakraScoped>
  );
}
