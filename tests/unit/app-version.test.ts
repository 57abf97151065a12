import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION, CACHE_VERSION, ensureAppVersion, fetchDeployedBuild, reloadedForBuild, reloadForBuild } from '../../src/app/app-version';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

let reload: ReturnType<typeof vi.fn>;

function browser(local: Record<string, string>, session: Record<string, string> = {}) {
  const localStorage = memoryStorage(local);
  const sessionStorage = memoryStorage(session);
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('sessionStorage', sessionStorage);
  vi.stubGlobal('window', { location: { reload } });
  return { localStorage, sessionStorage };
}

beforeEach(() => {
  reload = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('version check on page load (section 4: app version 1.3)', () => {
  it('stores Version 1.3 on a first visit without reloading', () => {
    const { localStorage } = browser({});
    expect(ensureAppVersion()).toBe(true);
    expect(localStorage.getItem('Version')).toBe('1.3');
    expect(APP_VERSION).toBe('1.3');
    expect(reload).not.toHaveBeenCalled();
  });

  it('stores the new version and reloads when another one is stored', () => {
    const { localStorage } = browser({ Version: '1.2', cacheVersion: CACHE_VERSION });
    expect(ensureAppVersion()).toBe(false);
    expect(localStorage.getItem('Version')).toBe('1.3');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves everything alone when the versions match', () => {
    const session = { 'config-store': '{"version":1}', 'home-store': '{"version":1}' };
    const { sessionStorage } = browser({ Version: '1.3', cacheVersion: CACHE_VERSION }, session);
    expect(ensureAppVersion()).toBe(true);
    expect(sessionStorage.getItem('config-store')).toBe(session['config-store']);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('cacheVersion', () => {
  it('drops cached config and home data written under another cache version, never the cart', () => {
    const { localStorage, sessionStorage } = browser(
      { Version: '1.3', cacheVersion: 'old', localCart: '[{"productId":1}]' },
      { 'config-store': '{}', 'home-store': '{}', lastCategoryId: '3' },
    );
    expect(ensureAppVersion()).toBe(true);
    expect(sessionStorage.getItem('config-store')).toBeNull();
    expect(sessionStorage.getItem('home-store')).toBeNull();
    expect(sessionStorage.getItem('lastCategoryId')).toBe('3');
    expect(localStorage.getItem('localCart')).toBe('[{"productId":1}]');
    expect(localStorage.getItem('cacheVersion')).toBe(CACHE_VERSION);
  });
});

describe('which build is deployed (decision 010)', () => {
  it('asks /version.json past every cache and reads its build', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ build: '566002987b0f3595' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchDeployedBuild()).toBe('566002987b0f3595');
    expect(fetch).toHaveBeenCalledWith('/version.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('knows no build when the server has none to name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not Found', { status: 404 })),
    );
    expect(await fetchDeployedBuild()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"build":""}', { status: 200 })),
    );
    expect(await fetchDeployedBuild()).toBeNull();
  });

  it('remembers the build it reloads for in session storage, so the tab never reloads twice for it', () => {
    const { sessionStorage } = browser({ Version: '1.3', cacheVersion: CACHE_VERSION });
    expect(reloadedForBuild()).toBeNull();
    reloadForBuild('build-b');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadedForBuild()).toBe('build-b');
    expect(sessionStorage.length).toBe(1);
  });
});
