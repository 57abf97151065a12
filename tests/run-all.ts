/**
 * `npm test`: the whole suite. Machine and server tests on SQLite, the server tests again on
 * PostgreSQL, then the browser tests in Chromium against a production build. Ends with one
 * plain line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  projects: string[];
  env?: Record<string, string>;
}

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-results-'));
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function runVitest(step: Step, index: number): Totals {
  const outputFile = path.join(resultsDir, `step-${index}.json`);
  const args = ['vitest', 'run', ...step.projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  console.log(`\n=== ${step.name} ===`);
  const child = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (!fs.existsSync(outputFile)) {
    console.error(`${step.name}: the test runner ended (code ${child.status}) without results`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const report = JSON.parse(fs.readFileSync(outputFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  const failed = report.numFailedTests + (report.numFailedTests === 0 && child.status !== 0 ? Math.max(1, report.numFailedTestSuites) : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((c): c is string => !!c && fs.existsSync(c));
}

async function main(): Promise<void> {
  // TEST_DATABASE_URL (set by .ci/run for the steps below) would otherwise move this pass to PostgreSQL too.
  const steps: Step[] = [{ name: 'Machines and server on SQLite', projects: ['unit', 'server'], env: { TEST_DATABASE_URL: '' } }];
  if (await reachable(pgUrl)) {
    steps.push({ name: 'Server on PostgreSQL', projects: ['server'], env: { TEST_DATABASE_URL: pgUrl } });
  } else {
    console.error(`PostgreSQL is not reachable at ${pgUrl}: the PostgreSQL pass cannot run.`);
    if (process.env.CI) process.exitCode = 1;
  }
  // Bounded robustness suites (docs/robustness.md): both databases, real server processes, two instances over Redis.
  steps.push({
    name: 'Robustness: bad input, authorization, abuse, crashes, load, two instances',
    projects: ['robustness'],
    env: { TEST_DATABASE_URL: pgUrl },
  });
  const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  const add = (t: Totals) => {
    totals.passed += t.passed;
    totals.failed += t.failed;
    totals.skipped += t.skipped;
  };
  steps.forEach((step, i) => add(runVitest(step, i)));

  const chromium = chromiumPath();
  if (!chromium) {
    console.error('Chromium was not found (install Debian "chromium" or set CHROMIUM_PATH): the browser tests cannot run.');
    totals.failed += 1;
  } else {
    console.log('\n=== Production build for the browser tests ===');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      totals.failed += 1;
    } else {
      add(runVitest({ name: 'Browser tests in Chromium', projects: ['browser'], env: { CHROMIUM_PATH: chromium } }, steps.length));
    }
  }
  fs.rmSync(resultsDir, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  if (totals.failed > 0) process.exitCode = 1;
}

void main();
