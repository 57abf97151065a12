import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startShopServer, type ShopServer } from '../helpers/shop-server.js';

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('npm start: the compiled server runs on plain Node, without tsx', () => {
  let build: string;
  let server: ShopServer;

  beforeAll(async () => {
    build = await buildServer();
    // No NODE_OPTIONS: nothing may bring a TypeScript loader into the server's process.
    server = await startShopServer({ serverBuild: build, env: { NODE_OPTIONS: '' } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (build) fs.rmSync(build, { recursive: true, force: true });
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('the build is JavaScript only and never loads tsx', () => {
    const files = filesUnder(build);
    expect(files).toContain(path.join('server', 'main.js'));
    expect(files.filter((f) => !f.endsWith('.js'))).toEqual([]);
    const loadsTsx = files.filter((f) => /from ['"]tsx|import\(['"]tsx|--import['"], ['"]tsx/.test(fs.readFileSync(path.join(build, f), 'utf8')));
    expect(loadsTsx).toEqual([]);
  });

  it('answers the API from its migrated, seeded database and serves the catalogue pictures', async () => {
    const company = (await (await fetch(`${server.url}/api/Company/details/1`)).json()) as { Data: { Name: string } };
    expect(company.Data.Name).toBe('Shoal Fresh Fish & Grocery');
    const logo = await fetch(`${server.url}/images/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
  });

  it('the shop command runs from the build too and the running server shows its change', async () => {
    const shop = path.join(build, 'server', 'cli', 'shop.js');
    const env = { ...process.env, NODE_OPTIONS: '', DATA_DIR: server.dataDir, DATABASE_URL: '', REDIS_URL: '' };
    const { stdout } = await promisify(execFile)(process.execPath, [shop, 'stock', '--product', '1', '--variant', '1', '--qty', '7', '--server', server.url], {
      env,
      timeout: 30_000,
    });
    expect(stdout).toContain('in branch 1: 7 available.');
    const detail = (await (await fetch(`${server.url}/api/Product/detail/1?branchId=1`)).json()) as {
      Data: { variants: { variantId: number; stockQty: number }[] };
    };
    expect(detail.Data.variants.find((v) => v.variantId === 1)?.stockQty).toBe(7);
  });
});
