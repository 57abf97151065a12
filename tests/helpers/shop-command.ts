import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ShopServer } from './shop-server.js';

const run = promisify(execFile);

/**
 * The shop owner's command (`npm run shop -- …`) pointed at a test server's data folder and port,
 * on its embedded database: what it changes, the running server announces to open browsers.
 * Answers what the command printed.
 */
export function shopCommand(server: Pick<ShopServer, 'dataDir' | 'port' | 'url'>) {
  return async (...args: string[]): Promise<string> => {
    const { stdout } = await run('npm', ['run', '--silent', 'shop', '--', ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(server.port), DATABASE_URL: '', REDIS_URL: '', PUBLIC_URL: server.url },
    });
    return stdout.trim();
  };
}
