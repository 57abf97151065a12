import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ASSET_HISTORY_DAYS, keepBuildAssets } from '../../server/spa/asset-history.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const temporary: string[] = [];
const apps: TestApp[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** Writes a build as Vite would: index.html naming its build, version.json, and hashed assets. */
function deploy(clientDir: string, build: string, assets: Record<string, string>): void {
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><meta name="shoal-build" content="${build}"><title>Shoal</title></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(clientDir, 'version.json'), JSON.stringify({ build }));
  for (const [name, body] of Object.entries(assets)) fs.writeFileSync(path.join(clientDir, 'assets', name), body);
}

async function start(clientDir: string, dataDir: string): Promise<TestApp> {
  const app = await buildTestApp({ serveClient: true, clientDir, dataDir });
  apps.push(app);
  return app;
}

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

const BUILD_A = { 'index-aaaa1111.js': 'console.log("a")', 'faq-page-aaaa2222.js': 'export const FaqPage = "a";', 'index-aaaa3333.css': 'a{}' };
const BUILD_B = { 'index-bbbb1111.js': 'console.log("b")', 'faq-page-bbbb2222.js': 'export const FaqPage = "b";', 'index-aaaa3333.css': 'a{}' };

describe('files of the built app', () => {
  it('answers a script or style sheet that does not exist with a plain 404 that is not stored, never with the HTML page', async () => {
    const clientDir = tempDir('shoal-client-');
    deploy(clientDir, 'build-a', BUILD_A);
    const { app } = await start(clientDir, tempDir('shoal-data-'));
    for (const url of [
      '/assets/faq-page-gone0000.js',
      '/assets/index-gone0000.css',
      '/assets/nothing',
      '/product-list-page-gone.js',
      '/assets/faq-page-gone0000.js?v=1',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.body, url).not.toContain('<html');
    }
    // A page address still gets the app.
    const page = await app.inject({ url: '/FAQ' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('keeps hashed files for a year, checks index.html on every visit and never stores version.json', async () => {
    const clientDir = tempDir('shoal-client-');
    deploy(clientDir, 'build-a', BUILD_A);
    const { app } = await start(clientDir, tempDir('shoal-data-'));
    const script = await app.inject({ url: '/assets/index-aaaa1111.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const version = await app.inject({ url: '/version.json' });
    expect(JSON.parse(version.body)).toEqual({ build: 'build-a' });
    expect(version.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/index.html' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves the previous build’s files after a new build is deployed, and the new build’s own', async () => {
    const clientDir = tempDir('shoal-client-');
    const dataDir = tempDir('shoal-data-');
    deploy(clientDir, 'build-a', BUILD_A);
    await start(clientDir, dataDir);
    for (const app of apps.splice(0)) await app.close();

    deploy(clientDir, 'build-b', BUILD_B);
    const { app } = await start(clientDir, dataDir);
    expect(JSON.parse((await app.inject({ url: '/version.json' })).body)).toEqual({ build: 'build-b' });
    const old = await app.inject({ url: '/assets/faq-page-aaaa2222.js' });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe(BUILD_A['faq-page-aaaa2222.js']);
    expect(old.headers['content-type']).toMatch(/javascript/);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const current = await app.inject({ url: '/assets/faq-page-bbbb2222.js' });
    expect(current.body).toBe(BUILD_B['faq-page-bbbb2222.js']);
    expect((await app.inject({ url: '/assets/faq-page-cccc2222.js' })).statusCode).toBe(404);
  });
});

describe('files of earlier builds', () => {
  it(`are removed ${ASSET_HISTORY_DAYS} days after the first start of a build without them, not before`, async () => {
    const clientDir = tempDir('shoal-client-');
    const dataDir = tempDir('shoal-data-');
    const start = Date.UTC(2025, 0, 1);
    deploy(clientDir, 'build-a', BUILD_A);
    await keepBuildAssets(clientDir, dataDir, start);
    // Build A ran for a month; B replaced it then.
    deploy(clientDir, 'build-b', BUILD_B);
    const deployedB = start + 30 * DAY_MS;
    expect((await keepBuildAssets(clientDir, dataDir, deployedB)).pruned).toEqual([]);
    const history = path.join(dataDir, 'assets-history');
    expect(fs.readdirSync(history).sort()).toEqual([...new Set([...Object.keys(BUILD_A), ...Object.keys(BUILD_B)])].sort());
    // Restarts within the week keep A's files.
    expect((await keepBuildAssets(clientDir, dataDir, deployedB + (ASSET_HISTORY_DAYS - 1) * DAY_MS)).pruned).toEqual([]);
    const week = await keepBuildAssets(clientDir, dataDir, deployedB + ASSET_HISTORY_DAYS * DAY_MS);
    expect(week.pruned.sort()).toEqual(['faq-page-aaaa2222.js', 'index-aaaa1111.js']);
    expect(fs.readdirSync(history).sort()).toEqual(Object.keys(BUILD_B).sort());
  });

  it('a file a later build has again (a rollback) is not removed', async () => {
    const clientDir = tempDir('shoal-client-');
    const dataDir = tempDir('shoal-data-');
    const start = Date.UTC(2025, 0, 1);
    deploy(clientDir, 'build-a', BUILD_A);
    await keepBuildAssets(clientDir, dataDir, start);
    deploy(clientDir, 'build-b', BUILD_B);
    await keepBuildAssets(clientDir, dataDir, start + DAY_MS);
    deploy(clientDir, 'build-a', BUILD_A);
    await keepBuildAssets(clientDir, dataDir, start + 2 * DAY_MS);
    deploy(clientDir, 'build-b', BUILD_B);
    // A's files left again only now: a week from here, not from the first time.
    expect((await keepBuildAssets(clientDir, dataDir, start + 3 * DAY_MS)).pruned).toEqual([]);
    expect((await keepBuildAssets(clientDir, dataDir, start + (3 + ASSET_HISTORY_DAYS - 1) * DAY_MS)).pruned).toEqual([]);
    expect((await keepBuildAssets(clientDir, dataDir, start + (3 + ASSET_HISTORY_DAYS) * DAY_MS)).pruned).toHaveLength(2);
  });
});
