import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { writeFakeBuild } from './fake-build.js';
import { buildTestApp, type TestApp } from './server-app.js';
import { OPENING_RENDERER } from '../../contract/opening-shell.rules.js';

/** The app's own first paints (src/app/opening-pages.ts), as a renderer module's source exports them. */
export const OPENING_PAGES_SOURCE = path.join(import.meta.dirname, '..', '..', 'src', 'app', 'opening-pages.ts');

/**
 * A build's index.html, manifest and first-paint renderer as Vite writes them, in a folder of its
 * own. The renderer is the module source given, loaded the way the server loads the bundled one.
 */
export function clientDirWith(renderer: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-opening-paint-'));
  writeFakeBuild(dir, {
    'index.html':
      '<!doctype html><html><head><title>Shoal</title><script type="module" crossorigin src="/assets/index-main.js"></script></head><body><div id="root"></div></body></html>',
    '.vite/manifest.json': {
      'index.html': { file: 'assets/index-main.js', isEntry: true },
      'src/pages/product-list-page.tsx': { file: 'assets/product-list-page.js', css: ['assets/list-page.css'] },
      'src/pages/product-detail-page.tsx': { file: 'assets/product-detail-page.js', css: ['assets/detail-page.css'] },
    },
    [OPENING_RENDERER]: renderer,
  });
  return dir;
}

/** What `#root` holds in a page's HTML. */
export function rootOf(html: string): string {
  return /<div id="root">([\s\S]*)<\/div>(?:<link [^>]*>)*\s*<\/body>/.exec(html)?.[1] ?? '';
}

/** Markup's text as a reader sees it: tags gone, entities read. */
export function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A test app serving a build whose renderer is the app's own `renderer`, and one whose renderer
 * throws, made before the file's tests and closed after them.
 */
export function openingPaintApps(renderer: 'renderOpeningList' | 'renderOpeningDetail'): { t: TestApp; failing: TestApp } {
  const dirs = [
    clientDirWith(`export { ${renderer} } from ${JSON.stringify(OPENING_PAGES_SOURCE)};\n`),
    clientDirWith(`export function ${renderer}() { throw new Error('a renderer that fails'); }\n`),
  ];
  // Filled in before the file's tests run.
  const apps = {} as { t: TestApp; failing: TestApp };
  beforeAll(async () => {
    const [t, failing] = dirs.map((clientDir) => buildTestApp({ serveClient: true, clientDir }));
    apps.t = await t!;
    apps.failing = await failing!;
  });
  afterAll(async () => {
    await Promise.all([apps.t?.close(), apps.failing?.close()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return apps;
}

/** Asks for each address (with its cookie, if any) and checks that its HTML has no first paint and still starts the app; answers their HTML. */
export async function expectNoPaint(t: TestApp, visits: readonly (readonly [url: string, cookie: string])[]): Promise<string[]> {
  const pages: string[] = [];
  for (const [url, cookie] of visits) {
    const html = (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).body;
    expect(rootOf(html), url).toBe('');
    expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-main.js"></script>');
    pages.push(html);
  }
  return pages;
}
