import { sql, type Kysely } from 'kysely';
import { runShop } from '../../server/cli/shop.js';
import type { Database } from '../../server/db/schema.js';
import { testDatabaseUrl } from './server-app.js';

/**
 * The environment the shop's command line runs in against a test's app: the app's data folder,
 * its listening server, and on PostgreSQL the app's own schema (the tests keep theirs private).
 */
export async function cliEnv(db: Kysely<Database>, dataDir: string, serverUrl: string, extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  let databaseUrl = '';
  if (testDatabaseUrl) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const url = new URL(testDatabaseUrl);
    url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'}`);
    databaseUrl = url.toString();
  }
  return { DATA_DIR: dataDir, SHOP_SERVER_URL: serverUrl, DATABASE_URL: databaseUrl, ...extra };
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
