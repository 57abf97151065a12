import type pg from 'pg';

/**
 * Puts pg_trgm in the public schema before a schema of its own is made for a test or a bench
 * run. Migration 009 creates the extension where its search path points when it is missing, so
 * the first test schema to migrate would own it: dropping that schema (CASCADE) then dropped the
 * trigram indexes of every other test's schema with it, and deadlocked with their writes.
 */
export async function keepExtensionsShared(client: pg.Client): Promise<void> {
  try {
    await client.query('create extension if not exists pg_trgm schema public');
  } catch {
    // Another process created it at the same moment, or the role may not create extensions
    // (search then matches parts of words without the trigram indexes).
  }
  const { rows } = await client.query<{ schema: string }>(
    "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'",
  );
  if (rows[0] && rows[0].schema !== 'public') await client.query('alter extension pg_trgm set schema public').catch(() => undefined);
}
