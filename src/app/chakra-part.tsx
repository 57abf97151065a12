import { useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router';

type ScopeModule = typeof import('./chakra-scope');

let loaded: ScopeModule | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadScope(): Promise<ScopeModule> {
  return import('./chakra-scope').then((scope) => {
    if (!loaded) {
      loaded = scope;
      for (const listener of listeners) listener();
    }
    return scope;
  });
}

/**
 * Loads what `load` loads together with Chakra's provider (chakra-scope.tsx): a page's code is
 * only ready once the provider it renders in is. The first page uses no Chakra component, so
 * Chakra's code, theme and system arrive with the first page that does.
 */
export function withChakra<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadScope()]).then(([loadedPart]) => loadedPart);
}

/**
 * Its children inside Chakra's provider once the provider's code has arrived (withChakra loads it
 * with every page's code); until then they are rendered as they are, which only a page's loading
 * and error views are.
 */
export function ChakraScoped({ children }: { children: ReactNode }) {
  const scope = useSyncExternalStore(subscribe, () => loaded);
  return scope ? <scope.ChakraScope>{children}</scope.ChakraScope> : children;
}

/**
 * The layout route of every page but home: one Chakra provider for all of them, which stays
 * while the customer goes from page to page.
 */
export function ChakraLayout() {
  return (
    <ChakraScoped>
      <Outlet />
    </ChakraScoped>
  );
}
