import { fork, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, SERVER_NODE_FLAGS } from '../tests/helpers/shop-server.js';
import type { WorkerCommand, WorkerReply } from './hub-clients.js';

/** A hub-clients child process and a way to ask it one thing at a time. */
export class ClientWorker {
  private constructor(private readonly child: ChildProcess) {}

  static async start(): Promise<ClientWorker> {
    const child = fork(path.join(import.meta.dirname, 'hub-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`hub client worker exited ${code}`)));
    });
    return new ClientWorker(child);
  }

  ask<R extends WorkerReply['reply']>(command: WorkerCommand, expect: R): Promise<Extract<WorkerReply, { reply: R }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: WorkerReply) => {
        if (message.reply !== expect) return;
        this.child.off('exit', onExit);
        this.child.off('message', onMessage);
        resolve(message as Extract<WorkerReply, { reply: R }>);
      };
      const onExit = (code: number | null) => reject(new Error(`hub client worker exited ${code}`));
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send(command);
    });
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }
}

/** Starts `count` workers, runs `body`, and always stops them. */
export async function withWorkers<T>(count: number, body: (workers: ClientWorker[]) => Promise<T>): Promise<T> {
  const workers = await Promise.all(Array.from({ length: count }, () => ClientWorker.start()));
  try {
    return await body(workers);
  } finally {
    for (const w of workers) w.stop();
  }
}

/** Connects `total` clients spread evenly over the workers, each from its own range of source addresses. */
export async function connectAll(
  workers: ClientWorker[],
  mode: 'signalr' | 'bare',
  url: string,
  total: number,
): Promise<{ connected: number; failed: number; firstError?: string }> {
  const share = Math.ceil(total / workers.length);
  const replies = await Promise.all(
    workers.map((w, i) => w.ask({ cmd: 'connect', mode, url, count: Math.min(share, total - i * share), offset: i * share }, 'connected')),
  );
  return {
    connected: replies.reduce((n, r) => n + r.count, 0),
    failed: replies.reduce((n, r) => n + r.failed, 0),
    ...(replies.find((r) => r.firstError) ? { firstError: replies.find((r) => r.firstError)?.firstError } : {}),
  };
}

/** The bare `ws` broadcast server, as its own process like the shop server, with the same Node flags. */
export async function startBareServer(): Promise<{ url: string; broadcast(frame: string): Promise<void>; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(import.meta.dirname, 'bare-broadcast-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare ws server exited ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async broadcast(frame: string) {
      const res = await fetch(`${url}/broadcast`, { method: 'POST', body: frame });
      if (!res.ok) throw new Error(`bare broadcast answered ${res.status}`);
    },
    stop: () => child.kill('SIGTERM'),
  };
}
