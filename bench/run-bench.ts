/**
 * `npm run bench`: every performance figure of the shop against its baseline, measured in the
 * same run on loopback, printed and written to bench/results.json (the previous file is kept as
 * bench/results.previous.json and compared). Bounded in time; no internet.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { failedRow, type BenchRow } from './bench-row.js';
import { buildServer, startShopServer, type ShopServer } from '../tests/helpers/shop-server.js';
import { measureFirstLoadJs } from './measures/first-load-js.js';
import { measureCatalogueReads } from './measures/catalogue-reads.js';
import { measureLighthouse } from './measures/lighthouse.js';
import { measureOrderPlacement, measureOrderPlacementPostgres } from './measures/order-placement.js';
import { measureHub } from './measures/hub.js';
import { measurePaymentConfirmation } from './measures/payment-confirmation.js';
import { measureSearch } from './measures/search.js';
import { BENCH_JWT_SECRET } from './bench-customers.js';
import { runScaleBench } from './scale/scale-bench.js';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = path.join(root, 'bench', 'results.json');
const previousFile = path.join(root, 'bench', 'results.previous.json');
const SETTLE_MS = 2000;

/** What every measure may use: the shop server started for the run, and the compiled server it runs (to start more instances). */
type BenchContext = { serverBuild: string };
type Measure = { name: string; target: string; run: (shop: ShopServer, bench: BenchContext) => Promise<BenchRow | BenchRow[]> };

// Order placement runs last: it writes thousands of orders, which the other figures should not carry.
// Its PostgreSQL row starts servers of its own.
const measures: Measure[] = [
  { name: 'First-load JavaScript of /', target: '<= 170 KB gzip', run: measureFirstLoadJs },
  { name: 'Lighthouse (phone)', target: 'performance 100, LCP <= 1.8 s, accessibility 100, best practices 100', run: measureLighthouse },
  { name: 'Catalogue reads', target: '>= 70% of hello-world (cache hits, invalidated); p99 < 20 ms at half load', run: measureCatalogueReads },
  // One set of clients for both hub rows: 20,000 idle for the memory, then 10,000 of them for the fan-out.
  { name: 'Hub fan-out and memory', target: '>= 70% of bare ws, p99 < 250 ms; < 400 MB', run: measureHub },
  { name: 'Payment confirmation', target: '< 1 s from capture to popup', run: measurePaymentConfirmation },
  { name: 'Search', target: 'p99 < 20 ms over 10,000 products', run: () => measureSearch() },
  { name: 'Order placement', target: '>= 1,000 orders/s, none lost', run: measureOrderPlacement },
  {
    name: 'Order placement (PostgreSQL, two instances + Redis)',
    target: '>= 500 orders/s, none lost',
    run: (_shop, bench) => measureOrderPlacementPostgres(bench.serverBuild),
  },
];

function fmt(n: number | null, digits = 0): string {
  if (n === null || Number.isNaN(n)) return '—';
  return n.toLocaleString('en-IN', { maximumFractionDigits: digits });
}

function print(rows: BenchRow[], previous: BenchRow[]): void {
  const header = ['what', 'value', 'baseline', 'ratio', 'previous', 'target', 'result'];
  const lines = rows.map((r) => {
    const before = previous.find((p) => p.name === r.name);
    return [
      r.name,
      `${fmt(r.value, 1)} ${r.unit}`,
      r.baseline === null ? '—' : `${fmt(r.baseline, 1)} (${r.baselineLabel})`,
      r.ratio === null ? '—' : `${(r.ratio * 100).toFixed(0)}%`,
      before ? `${fmt(before.value, 1)} ${before.unit}` : '—',
      r.target,
      r.pass ? 'met' : 'MISSED',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const out = [header, ...lines].map((l) => l.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  console.log(`\n${out[0]}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${out.slice(1).join('\n')}`);
  for (const r of rows) {
    if (r.details && Object.keys(r.details).length > 0) console.log(`  ${r.name}: ${JSON.stringify(r.details)}`);
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  console.log('Building the production client…');
  // A build of its own, so a bench run never replaces the dist/ another process is serving.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-bench-client-'));
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the production build failed');
  console.log('Compiling the server…');
  // Measured as `npm start` runs it: the compiled JavaScript on plain Node.
  const serverBuild = await buildServer();
  // The test UPI ID success@razorpay waits for the bench to approve it, as a customer's UPI app would.
  const shop = await startShopServer({
    serverBuild,
    env: { LOG_LEVEL: 'warn', CLIENT_DIR: clientDir, JWT_SECRET: BENCH_JWT_SECRET, SANDBOX_UPI_APPROVAL_SECONDS: '600' },
  });
  const rows: BenchRow[] = [];
  const ran: string[] = [];
  try {
    for (const measure of measures) {
      if (only.length > 0 && !only.some((o) => measure.name.toLowerCase().includes(o.toLowerCase()))) continue;
      ran.push(measure.name);
      // A moment for the browsers and clients of the measure before to exit and the disk to settle.
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      console.log(`Measuring: ${measure.name}`);
      try {
        const result = await measure.run(shop, { serverBuild });
        rows.push(...(Array.isArray(result) ? result : [result]));
      } catch (error) {
        rows.push(failedRow(measure.name, measure.target, error));
      }
    }
  } finally {
    await shop.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
    fs.rmSync(serverBuild, { recursive: true, force: true });
  }
  const stored = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { rows: BenchRow[]; scale?: unknown }) : null;
  const previous: BenchRow[] = stored?.rows ?? [];
  if (fs.existsSync(resultsFile)) fs.copyFileSync(resultsFile, previousFile);
  // A partial run (`npm run bench -- hub`) keeps the other figures of the last run in the file.
  const measured = new Set(rows.map((r) => r.name));
  // A measure that ran replaces all its earlier rows, including rows it no longer prints.
  const kept = only.length > 0 ? previous.filter((r) => !measured.has(r.name) && !ran.some((name) => r.name.startsWith(name))) : [];
  // The scale curve (`npm run bench -- --scale`) is measured apart and kept as it was.
  fs.writeFileSync(resultsFile, `${JSON.stringify({ at: new Date().toISOString(), rows: [...kept, ...rows], scale: stored?.scale }, null, 2)}\n`);
  print(rows, previous);
  const missed = rows.filter((r) => !r.pass).length;
  console.log(`\n${rows.length - missed} targets met, ${missed} missed. Results: ${path.relative(root, resultsFile)}`);
  if (missed > 0) process.exitCode = 1;
}

if (process.argv.includes('--scale')) await runScaleBench(process.argv.slice(2));
else await main();
