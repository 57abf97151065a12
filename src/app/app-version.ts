import { readLocal, readSession, removeSession, writeLocal, writeSession } from '../lib/storage';

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

/** Where the build writes its id (vite.config.ts): the page's meta tag and /version.json. */
export const BUILD_META_NAME = 'shoal-build';
export const BUILD_FILE = '/version.json';
/** Session storage key of the build this tab last reloaded for (machines/page-code.machine.ts). */
const RELOADED_FOR_KEY = 'reloadedForBuild';

/** The build this page's scripts came with, or null when the page does not say (a dev server). */
export function ownBuild(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`)?.content || null;
}

/** The build the server has deployed now, asked past every cache. */
export async function fetchDeployedBuild(): Promise<string | null> {
  const response = await fetch(BUILD_FILE, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { build?: unknown };
  return typeof body.build === 'string' && body.build !== '' ? body.build : null;
}

export function reloadedForBuild(): string | null {
  return readSession<string>(RELOADED_FOR_KEY);
}

/**
 * Reloads the tab onto a newly deployed build, remembering that build first: if the reloaded
 * page still cannot load its code, the tab shows the error screen instead of reloading again.
 */
export function reloadForBuild(build: string): void {
  writeSession(RELOADED_FOR_KEY, build);
  window.location.reload();
}
