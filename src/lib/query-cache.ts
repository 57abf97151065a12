import { QUERY_CACHE_LIFETIME_MS } from '../../machines/resource.machine';

interface Entry {
  data: unknown;
  storedAt: number;
}

/**
 * What read-only screens loaded, kept in memory for the cache lifetime of section 9 (5 minutes)
 * so a screen opened again shows its last data at once while it refreshes.
 */
export function createQueryCache(lifetimeMs = QUERY_CACHE_LIFETIME_MS, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  return {
    read<T>(key: string): T | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() - entry.storedAt > lifetimeMs) {
        entries.delete(key);
        return null;
      }
      return entry.data as T;
    },
    write(key: string, data: unknown): void {
      entries.set(key, { data, storedAt: now() });
    },
    clear(): void {
      entries.clear();
    },
  };
}

/** The app's one cache of read-only screen data. */
export const queryCache = createQueryCache();
