import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ShopServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Node's flags for the compiled server, as `npm start` and `npm run serve` pass them (package.json):
 * a young generation of at most 2 × 16 MB, V8's long-standing default, which Node 24 would
 * otherwise let grow to 2 × 64 MB on a machine with much memory (docs/performance.md, hub memory).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data directory (restarts); a fresh one otherwise. */
  dataDir?: string;
  port?: number;
  /** Run the compiled server from this folder (made by `buildServer`), as `npm start` does, instead of the TypeScript source through tsx. */
  serverBuild?: string;
}

/**
 * Compiles the server the way `npm run build:server` does, into a folder of its own under tests/.tmp
 * (inside the project, so the server finds dist/ and its pictures from there, and never replacing the
 * build/ a running `npm start` uses). Returns the folder; its `server/main.js` is the entry point.
 */
export async function buildServer(): Promise<string> {
  fs.mkdirSync(path.join(root, 'tests', '.tmp'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(root, 'tests', '.tmp', 'server-build-'));
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--outDir', outDir], { cwd: root });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The server build failed:\n${stdout}${stderr}`);
  }
  return outDir;
}

/** Starts the real server (`server/main.ts`, or its build) as a child process on a free loopback port. */
export async function startShopServer(options: StartOptions = {}): Promise<ShopServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-e2e-'));
  let log = '';
  const entry = options.serverBuild ? [...SERVER_NODE_FLAGS, path.join(options.serverBuild, 'server', 'main.js')] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/Company/details/1`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The shop server did not start within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}
