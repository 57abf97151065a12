/** A file under /assets/ has a hash of its content in its name: its bytes never change. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Whether a request path is the kind of file the build writes: a script or style sheet, or anything under /assets/. */
export function isClientAssetPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') || /\.(m?js|css|map)$/i.test(pathname);
}

/**
 * Cache headers of the built app's files: hashed assets are kept for a year; index.html is
 * checked on every visit, so a deploy reaches the next page load; version.json (which build is
 * deployed, asked by a tab whose page code failed to load) is never stored.
 */
export function clientFileHeaders(response: { setHeader(name: string, value: string): unknown }, file: string): void {
  const normalized = file.replace(/\\/g, '/');
  if (/\/version\.json$/.test(normalized)) response.setHeader('cache-control', 'no-store');
  else if (/\.html(\.(br|gz))?$/.test(normalized)) response.setHeader('cache-control', 'no-cache');
  else if (/\/assets(-history)?\/[^/]+$/.test(normalized)) response.setHeader('cache-control', HASHED_ASSET_CACHE);
  else response.setHeader('cache-control', 'public, max-age=0');
}
