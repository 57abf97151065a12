import { readLocal, removeSession, writeLocal } from '../lib/storage';

export const APP_VERSION = '1.3';

/**
 * Version of the shapes the app keeps in session storage (config-store, home-store). Raise it
 * when one of them changes shape; see docs/decisions/005-cache-version.md.
 */
export const CACHE_VERSION = '1';
export const CACHE_VERSION_KEY = 'cacheVersion';
const CACHED_STORES = ['config-store', 'home-store'] as const;

/**
 * Drops cached catalogue and config data written under another cache version (local storage
 * 'cacheVersion'). The visitor's cart (localCart) and session cookies are never touched.
 */
export function ensureCacheVersion(): void {
  if (readLocal(CACHE_VERSION_KEY) === CACHE_VERSION) return;
  for (const key of CACHED_STORES) removeSession(key);
  writeLocal(CACHE_VERSION_KEY, CACHE_VERSION);
}

/**
 * Version check on page load (section 4): when the stored Version differs from the app's,
 * store the new one and reload. Returns false when a reload is under way.
 */
export function ensureAppVersion(): boolean {
  ensureCacheVersion();
  const stored = readLocal('Version');
  if (stored === APP_VERSION) return true;
  writeLocal('Version', APP_VERSION);
  if (stored === null) return true;
  window.location.reload();
  return false;
}
