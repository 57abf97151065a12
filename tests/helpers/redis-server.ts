import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './shop-server.js';

export interface PrivateRedis {
  url: string;
  /** Stops the server (its data is not kept: no snapshot, no append-only file). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A redis-server of the test's own on a free port, which the test can stop and start again. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    let missing: Error | null = null;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child.once('error', (error) => (missing = error));
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (missing) throw new Error(`redis-server could not be started (${(missing as Error).message}); install it with apt-get install redis-server`);
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
