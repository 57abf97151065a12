import { sql, type Kysely } from 'kysely';
import { runShop } from '../../server/cli/shop.js';
import type { Database } from '../../server/db/schema.js';
import { testDatabaseUrl } from './server-app.js';

/**
 * The environment the shop's command line runs in against a test's app: the app's data folder,
 * its listening server, and on PostgreSQL the app's own schema (the tests keep theirs private).
 */
export async function cliEnv(db: Kysely<Database>, dataDir: string, serverUrl: string, extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  // On PostgreSQL the command line is pointed at the test's schema as an operator would: DATABASE_SCHEMA.
  const database: NodeJS.ProcessEnv = { DATABASE_URL: '' };
  if (testDatabaseUrl) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    Object.assign(database, { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: rows[0]?.schema ?? 'public' });
  }
  return { DATA_DIR: dataDir, SHOP_SERVER_URL: serverUrl, ...database, ...extra };
}

export interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

/** `npm run shop -- …` run in this process with `env()`: its exit code and the lines it printed and complained. */
export function cliRunner(env: () => NodeJS.ProcessEnv): (...args: string[]) => Promise<CliResult> {
  return async (...args) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      args,
      env(),
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out, err };
  };
}
