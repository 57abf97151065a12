/**
 * `npm run soak`: the robustness suites at full size. The same files as `npm test` runs, with
 * longer runs, bigger crowds and more kills (each knob can be set in the environment; see
 * docs/robustness.md). Prints every suite's figures; file names given as arguments narrow the run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

const soakSettings: Record<string, string> = {
  ROBUST_FUZZ_BATCHES: '400',
  ROBUST_HUB_CASES: '1500',
  ROBUST_LOAD_SECONDS: '120',
  ROBUST_CROWD: '300',
  ROBUST_KILLS: '25',
  ROBUST_CRASH_CROWD: '80',
};

const env = { ...process.env };
for (const [name, value] of Object.entries(soakSettings)) env[name] = process.env[name] ?? value;
console.log(
  `Soak settings: ${Object.keys(soakSettings)
    .map((k) => `${k}=${env[k]}`)
    .join(' ')}`,
);

const files = process.argv.slice(2);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'robustness', '--testTimeout', '3600000', '--hookTimeout', '600000', ...files], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exitCode = run.status ?? 1;
