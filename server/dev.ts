/**
 * `npm run dev`: the API (with the hub and the payment sandbox) on PORT (8080) and Vite's dev
 * server with hot reload on 5173, proxying /api, /catalogueHub, /sandbox, /images and /uploads
 * to the API. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '8080';
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.log(`${name} stopped (${signal ?? code})`);
    for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM');
    process.exitCode = code ?? 0;
  });
  children.push(child);
}

run('api', process.execPath, ['--watch', '--import', 'tsx', 'server/main.ts'], {
  ...process.env,
  PORT: port,
  SERVE_CLIENT: '0',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  RAZORPAY_BASE_URL: process.env.RAZORPAY_BASE_URL ?? `http://localhost:${port}/sandbox/razorpay`,
});
run('vite', process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--host'], {
  ...process.env,
  SHOAL_API_URL: `http://localhost:${port}`,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  });
}
