import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../../server/app.js';
import { loadConfig, type AppConfig, type RunningConfig } from '../../server/config/env.js';
import { migrateToLatest, openDatabase, type DatabaseHandle, type DatabaseOptions } from '../../server/db/database.js';
import type { SmsMessage, SmsSender } from '../../server/senders/sms-sender.js';
import type { MailMessage, MailSender } from '../../server/senders/mail-sender.js';
import { keepExtensionsShared } from './pg-extensions.js';

/** Server tests run on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDialect = testDatabaseUrl ? 'postgres' : 'sqlite';

export class MemorySms implements SmsSender {
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
  }
  /** The last one-time password sent to a number. */
  lastCode(to: string): string | undefined {
    const message = [...this.sent].reverse().find((m) => m.to === to || m.to.endsWith(to));
    return message?.text.match(/\b(\d{6})\b/)?.[1];
  }
}

export class MemoryMail implements MailSender {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** Drops the PostgreSQL schema or removes the SQLite folder. */
  dispose(): Promise<void>;
}

/** A fresh database of the dialect under test, private to one test file; migrated unless told not to. */
export async function createTestDatabase(options: { migrate?: boolean; onQuery?: DatabaseOptions['onQuery'] } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const { onQuery } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-test-'));
  if (!testDatabaseUrl) {
    const handle = openDatabase({ dataDir, onQuery });
    if (migrate) await migrateToLatest(handle);
    return {
      handle,
      dataDir,
      async dispose() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await keepExtensionsShared(admin);
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const handle = openDatabase({ dataDir, databaseUrl: testDatabaseUrl, pgSchema: schema, poolSize: 5, onQuery });
  if (migrate) await migrateToLatest(handle);
  return {
    handle,
    dataDir,
    async dispose() {
      await handle.close();
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  sms: MemorySms;
  mail: MemoryMail;
  database: TestDatabase;
  /** The running app's configuration, with the payment secrets it made or was given. */
  config: RunningConfig;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database with the demo seed and in-memory senders. */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  extra: Partial<BuildOptions> = {},
  databaseOptions: { onQuery?: DatabaseOptions['onQuery'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(databaseOptions);
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', ...overrides });
  const sms = new MemorySms();
  const mail = new MemoryMail();
  const app = await buildApp({ config, database: database.handle, sms, mail, logger: false, ...extra });
  await app.ready();
  return {
    app,
    sms,
    mail,
    database,
    config: app.config,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
