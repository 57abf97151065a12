import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { GroupCommitSqliteDialect } from '../../server/db/sqlite-group-commit.js';

interface Notes {
  notes: { id: Generated<number>; owner: string; text: string };
}

let dataDir: string;
let handle: DatabaseHandle;
let db: Kysely<Notes>;

/** What another process would read from the file now: only what has been committed. */
function onDisk(): string[] {
  const other = new SQLite(path.join(dataDir, 'shoal.db'), { readonly: true });
  try {
    return (other.prepare('select text from notes order by id').all() as { text: string }[]).map((r) => r.text);
  } finally {
    other.close();
  }
}

/** Lets the microtasks of queries run, but no event-loop turn (where batches commit). */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-group-commit-'));
  handle = openDatabase({ dataDir });
  db = handle.db as unknown as Kysely<Notes>;
  await sql`create table notes (id integer primary key, owner text not null, text text not null unique)`.execute(db);
});

afterEach(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SQLite writes with group commit', () => {
  it('marks writes by another connection, and none of its own, reads or checkpoints', async () => {
    const mark = handle.outsideWrites;
    if (!mark) throw new Error('a SQLite handle marks outside writes');
    const before = mark();
    await db.insertInto('notes').values({ owner: 'a', text: 'the shop’s own' }).execute();
    await db.selectFrom('notes').selectAll().execute();
    // The checkpointer's own connection copies the log into the file.
    const checkpointer = new SQLite(path.join(dataDir, 'shoal.db'));
    try {
      checkpointer.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      checkpointer.close();
    }
    expect(mark()).toBe(before);

    // The shop's command line (another connection) switches something off.
    const other = new SQLite(path.join(dataDir, 'shoal.db'));
    try {
      other.prepare('insert into notes (owner, text) values (?, ?)').run('cli', 'from the command line');
    } finally {
      other.close();
    }
    const after = mark();
    expect(after).not.toBe(before);
    expect(mark()).toBe(after);
  });

  it('answers a write only once it is on disk', async () => {
    const write = db.insertInto('notes').values({ owner: 'a', text: 'first' }).execute();
    await microtasks();
    // Not committed yet: neither another connection nor a read through the shop sees it.
    expect(onDisk()).toEqual([]);
    expect(await db.selectFrom('notes').select('text').execute()).toEqual([]);
    await write;
    expect(onDisk()).toEqual(['first']);
    expect(await db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'first' }]);
  });

  it('commits concurrent transactions together, each failure undoing only its own writes', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('notes')
            .values({ owner: `o${i}`, text: `note ${i}` })
            .execute();
          await trx
            .insertInto('notes')
            .values({ owner: `o${i}`, text: `second note ${i}` })
            .execute();
          if (i % 5 === 0) throw new Error(`order ${i} refused`);
          return i;
        }),
      ),
    );
    const refused = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(refused).toEqual([0, 5, 10, 15]);
    expect(results[1]).toEqual({ status: 'fulfilled', value: 1 });
    const kept = onDisk();
    expect(kept).toHaveLength(32);
    for (const i of refused) expect(kept).not.toContain(`note ${i}`);
    expect(kept).toContain('second note 19');
  });

  it('keeps a batch going after a statement of one unit fails', async () => {
    await db.insertInto('notes').values({ owner: 'a', text: 'taken' }).execute();
    const [duplicate, fine] = await Promise.allSettled([
      db.insertInto('notes').values({ owner: 'b', text: 'taken' }).execute(),
      db.insertInto('notes').values({ owner: 'c', text: 'free' }).execute(),
    ]);
    expect(duplicate.status).toBe('rejected');
    expect(fine.status).toBe('fulfilled');
    expect(onDisk()).toEqual(['taken', 'free']);
  });

  it('lets a transaction read its own writes and later transactions read earlier ones of the same batch', async () => {
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ owner: 'a', text: 'one' }).execute();
      return (await trx.selectFrom('notes').select('text').execute()).map((r) => r.text);
    });
    const second = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ owner: 'a', text: 'two' }).execute();
      return (await trx.selectFrom('notes').select('text').orderBy('id').execute()).map((r) => r.text);
    });
    expect(await first).toEqual(['one']);
    expect(await second).toEqual(['one', 'two']);
  });

  it('writes what is pending when the database is closed', async () => {
    const write = db.insertInto('notes').values({ owner: 'a', text: 'last' }).execute();
    await microtasks();
    await handle.close();
    await write;
    expect(onDisk()).toEqual(['last']);
    handle = openDatabase({ dataDir });
  });

  it('keeps the write-ahead log from growing without end: committed pages move to the database file in the background', async () => {
    const wal = path.join(dataDir, 'shoal.db-wal');
    for (let round = 0; round < 8; round += 1) {
      for (let i = 0; i < 150; i += 1)
        await db
          .insertInto('notes')
          .values({ owner: 'w', text: `r${round} n${i} ${'x'.repeat(300)}` })
          .execute();
      await new Promise((r) => setTimeout(r, 300));
    }
    // Without checkpoints 1,200 commits of two pages or more would leave about 10 MB in the log;
    // with them it is reused from its start and holds about one round.
    expect(fs.statSync(wal).size).toBeLessThan(4 * 1024 * 1024);
    expect(onDisk()).toHaveLength(1200);
  });

  describe('with the log synced after the commit', () => {
    /** A log sync that finishes when the test says so, recording each file it was asked to sync. */
    function heldSync() {
      const asked: string[] = [];
      const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
      return {
        asked,
        sync: (file: string) => {
          asked.push(file);
          return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
        },
        finish: () => pending.splice(0).forEach((p) => p.resolve()),
        fail: (error: Error) => pending.splice(0).forEach((p) => p.reject(error)),
      };
    }

    function openWith(sync: (file: string) => Promise<void>): { own: Kysely<Notes>; close: () => Promise<void> } {
      const file = path.join(dataDir, 'shoal.db');
      const writer = new SQLite(file);
      writer.pragma('journal_mode = WAL');
      writer.pragma('synchronous = NORMAL');
      const reader = new SQLite(file, { readonly: true });
      const own = new Kysely<Notes>({ dialect: new GroupCommitSqliteDialect(writer, reader, `${file}-wal`, sync) });
      return { own, close: () => own.destroy() };
    }

    /** Turns of the event loop: the batch commits in one of them. */
    const turns = async (n = 5) => {
      for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
    };

    /** A database whose log syncs wait for the test, and a write of one note whose batch has committed and waits for its sync. */
    async function writeWithHeldSync(text: string) {
      const gate = heldSync();
      const { own, close } = openWith(gate.sync);
      const write = own.insertInto('notes').values({ owner: 'a', text }).execute();
      await turns();
      return { gate, own, close, write };
    }

    it('answers a write, and a read that saw it, only once the log holding it is synced', async () => {
      const gate = heldSync();
      const { own, close } = openWith(gate.sync);
      let written = false;
      const write = own
        .insertInto('notes')
        .values({ owner: 'a', text: 'paid' })
        .execute()
        .then(() => (written = true));
      await turns();
      // Committed (another connection sees it), but the caller has not been answered yet.
      expect(onDisk()).toEqual(['paid']);
      expect(gate.asked).toEqual([path.join(dataDir, 'shoal.db-wal')]);
      expect(written).toBe(false);
      let read: string[] | null = null;
      const reading = own
        .selectFrom('notes')
        .select('text')
        .execute()
        .then((rows) => (read = rows.map((r) => r.text)));
      await turns();
      expect(read).toBeNull();
      gate.finish();
      await write;
      await reading;
      expect(read).toEqual(['paid']);
      await close();
    });

    it('shares one sync among the batches committed while another sync runs', async () => {
      const { gate, own, close, write: first } = await writeWithHeldSync('one');
      const later = [2, 3, 4].map(async (n) => {
        await new Promise((r) => setTimeout(r, n));
        return own
          .insertInto('notes')
          .values({ owner: 'a', text: `note ${n}` })
          .execute();
      });
      await new Promise((r) => setTimeout(r, 30));
      expect(gate.asked).toHaveLength(1);
      gate.finish();
      await first;
      await turns();
      expect(gate.asked).toHaveLength(2);
      gate.finish();
      await Promise.all(later);
      expect(onDisk()).toHaveLength(4);
      await close();
    });

    it('fails the writes of a log that could not be synced, and takes no more writes', async () => {
      const { gate, own, close, write } = await writeWithHeldSync('lost');
      gate.fail(new Error('EIO: i/o error, fdatasync'));
      await expect(write).rejects.toThrow('EIO');
      await expect(own.insertInto('notes').values({ owner: 'b', text: 'next' }).execute()).rejects.toThrow('EIO');
      await expect(own.selectFrom('notes').select('text').execute()).rejects.toThrow('EIO');
      await close();
    });
  });
});
