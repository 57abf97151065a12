/**
 * `npm run test:paths`: the path tests generated from the machines.
 *
 *   npm run test:paths -- --list                      every path of every machine
 *   npm run test:paths -- --list --machine checkout   the paths of one machine
 *   npm run test:paths                                run them all in Chromium
 *   npm run test:paths -- --machine hub               run one machine's paths
 *   npm run test:paths -- --path "checkout 7"         run one path
 *
 * Running builds the client once into a temporary folder (or uses CLIENT_DIR when set) and
 * runs the browser test files through vitest, which start the real server and sandbox. At the
 * end it prints, per machine, how much of its model and of the real machine the paths that
 * passed have walked (read from vitest's JSON report of this run).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Coverage, coverageOf, coverageTable, describePaths, testNameFilter } from './path-model';
import { pathModels } from './path-models';

const root = path.resolve(import.meta.dirname, '..', '..');

const { values } = parseArgs({
  options: {
    list: { type: 'boolean', default: false },
    machine: { type: 'string', multiple: true },
    path: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (values.help) {
  console.log('Usage: npm run test:paths -- [--list] [--machine <name>]... [--path "<machine> <n>"]');
  console.log(`Machines: ${pathModels.map((m) => m.name).join(', ')}`);
  process.exit(0);
}

const pathMachine = values.path ? values.path.trim().split(/\s+/)[0] : undefined;
const wanted = values.machine ?? (pathMachine ? [pathMachine] : pathModels.map((m) => m.name));
const unknown = wanted.filter((name) => !pathModels.some((m) => m.name === name));
if (unknown.length > 0) fail(`Unknown machine ${unknown.join(', ')}; known: ${pathModels.map((m) => m.name).join(', ')}`);
const selected = pathModels.filter((m) => wanted.includes(m.name));

if (values.list) {
  for (const model of selected) {
    const paths = describePaths(model);
    console.log(`\n${model.name}: ${paths.length} paths of tests/paths/${model.name}.paths.ts, run by ${model.testFile}`);
    for (const p of paths) {
      console.log(`  [${p.id}] ${p.target}`);
      console.log(`      ${p.events.join(' → ')}`);
    }
  }
  process.exit(0);
}

if (values.path) {
  const id = values.path.trim().replace(/\s+/g, ' ');
  const known = selected.flatMap((m) => describePaths(m).map((p) => p.id));
  if (!known.includes(id)) fail(`No path "${id}"; list them with npm run test:paths -- --list`);
}

function clientDir(): string {
  if (process.env.CLIENT_DIR) return process.env.CLIENT_DIR;
  const outDir = path.join(os.tmpdir(), 'shoal-paths-client');
  console.log(`Building the client into ${outDir} ...`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !fs.existsSync(path.join(outDir, 'index.html'))) fail('The client build failed.');
  return outDir;
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-paths-report-')), 'report.json');
const args = [
  'vitest',
  'run',
  '--project',
  'browser',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...selected.map((m) => m.testFile),
];
if (values.path) args.push('-t', testNameFilter(values.path.trim().replace(/\s+/g, ' ')));
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, CLIENT_DIR: clientDir() } });

/** Ids (`checkout 7`) of the paths whose test passed in this run. */
function passedPaths(file: string): Set<string> {
  const passed = new Set<string>();
  if (!fs.existsSync(file)) return passed;
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { testResults?: { assertionResults?: { title: string; status: string }[] }[] };
  for (const result of json.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      const id = /^\[([\w-]+ \d+)\]/.exec(test.title)?.[1];
      if (id && test.status === 'passed') passed.add(id);
    }
  }
  return passed;
}

const passed = passedPaths(report);
fs.rmSync(path.dirname(report), { recursive: true, force: true });
const rows: Coverage[] = selected.map((m) => coverageOf(m, passed));
console.log(
  '\nCovered by the paths that passed in this run (real states: leaf states of machines/, reached through each model state and the states its step passes):\n',
);
console.log(coverageTable(rows));
process.exit(run.status ?? 1);
