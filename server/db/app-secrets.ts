import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The names of the secrets kept in app_secrets, one place so no two uses share a name by accident. */
export const APP_SECRET_NAMES = {
  jwt: 'jwt',
  otp: 'otp',
  shopAdmin: 'shop_admin',
  sandboxKey: 'sandbox_key_secret',
  sandboxWebhook: 'sandbox_webhook_secret',
} as const;

export type AppSecretName = (typeof APP_SECRET_NAMES)[keyof typeof APP_SECRET_NAMES];

/**
 * A secret of this database, made of `bytes` random bytes by whichever instance asks first and
 * read by every other: the insert that loses the race does nothing, and everyone reads the winner's.
 */
export async function appSecret(db: Kysely<Database>, name: AppSecretName, bytes = 48): Promise<string> {
  const fresh = crypto.randomBytes(bytes).toString('base64url');
  await db
    .insertInto('app_secrets')
    .values({ name, value: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
