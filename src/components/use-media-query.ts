import { useCallback, useSyncExternalStore } from 'react';

/** Whether the screen matches a media query, kept current as it changes (false where there is no window, as on the build's server). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const media = window.matchMedia?.(query);
      media?.addEventListener('change', changed);
      return () => media?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
