import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../../server/app.js';
import { loadConfig, type AppConfig, type RunningConfig } from '../../../server/config/env.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../server/db/database.js';
import { MemoryMail, MemorySms } from '../../helpers/server-app.js';

/**
 * The robustness suites run every check on both databases: SQLite (one instance) and
 * PostgreSQL (with Redis, several instances). Each run gets its own schema, so nothing is
 * shared with other test files or earlier runs.
 */
export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: readonly Backend[] = ['sqlite', 'postgres'];

export const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export interface Storage {
  backend: Backend;
  dataDir: string;
  /** DATABASE_URL for a server process ('' for SQLite in dataDir). */
  databaseUrl: string;
  /** DATABASE_SCHEMA for a server process (PostgreSQL only). */
  schema: string | null;
  /** Opens a handle of the test's own on the same data (invariants, fixtures). */
  open(): DatabaseHandle;
  dispose(): Promise<void>;
}

/** Runs `run` with a client of its own on the test database, closed afterwards. */
export async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh SQLite folder or PostgreSQL schema (servers get it as DATABASE_SCHEMA). */
export async function createStorage(backend: Backend): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shoal-robust-${backend}-`));
  if (backend === 'sqlite') {
    return {
      backend,
      dataDir,
      databaseUrl: '',
      schema: null,
      open: () => openDatabase({ dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `robust_${crypto.randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE SCHEMA "${schema}"`));
  return {
    backend,
    dataDir,
    databaseUrl: postgresUrl,
    schema,
    open: () => openDatabase({ dataDir, databaseUrl: postgresUrl, pgSchema: schema, poolSize: 4 }),
    async dispose() {
      await admin((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface InProcessShop {
  app: App;
  /** The running app's configuration, with the payment secrets it made or was given. */
  config: RunningConfig;
  sms: MemorySms;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** The whole app in this process on a fresh database of the backend, for inject-driven suites. */
export async function buildShop(backend: Backend, overrides: Partial<AppConfig> = {}): Promise<InProcessShop> {
  const storage = await createStorage(backend);
  const handle = storage.open();
  await migrateToLatest(handle);
  const config = loadConfig({}, { dataDir: storage.dataDir, serveClient: false, logLevel: 'silent', ...overrides });
  const sms = new MemorySms();
  const app = await buildApp({ config, database: handle, sms, mail: new MemoryMail(), logger: false });
  await app.ready();
  return {
    app,
    config: app.config,
    sms,
    handle,
    async close() {
      await app.close();
      await handle.close();
      await storage.dispose();
    },
  };
}
