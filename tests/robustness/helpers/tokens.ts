import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';

export interface Principal {
  customerId: number;
  companyId: number;
}

/**
 * Signs a session token the way the server does (HS256, issuer "shoal", sub = customer,
 * cid = company). With the shop's own secret it is a real session; with another secret it is
 * a forgery; with a negative lifetime it has expired.
 */
export function signToken(secret: string, principal: Principal, ttlSeconds = 3600): Promise<string> {
  return new SignJWT({ cid: principal.companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(principal.customerId))
    .setIssuer('shoal')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** The signing secret every instance sharing this database uses (made by the first to start). */
export async function shopSecret(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return row.value;
}

export const FORGERY_SECRET = 'not-the-shop-secret-but-long-enough-to-sign-with';

/** Reads the caller-facing message of any error answer: the API envelope, the hub's or the sandbox's. */
export function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { Message?: unknown; error?: unknown };
    if (typeof body.Message === 'string') return body.Message.trim();
    if (typeof body.error === 'string') return body.error.trim();
    const nested = body.error as { description?: unknown } | undefined;
    if (typeof nested?.description === 'string') return nested.description.trim();
    return '';
  } catch {
    return text.trim();
  }
}
