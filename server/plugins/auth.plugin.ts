import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { APP_SECRET_NAMES, appSecret } from '../db/app-secrets.js';
import { bumpTokenVersion, findCustomerStanding, findTokenVersion } from '../repositories/customer-repository.js';

export interface CustomerPrincipal {
  customerId: number;
  companyId: number;
}

export interface TokenService {
  /** A token for the customer at their current token version (claim `ver`). */
  sign(principal: CustomerPrincipal, ttlSeconds?: number): Promise<string>;
  /** The customer behind a token; a 401 for a bad, expired or signed-out token, or one whose customer is gone. */
  verify(token: string): Promise<CustomerPrincipal>;
  /**
   * Signs the customer out everywhere: every token issued before stops working, on this instance
   * at once and on the others within CUSTOMER_RECHECK_MS.
   */
  revoke(principal: CustomerPrincipal): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: refuses the call without a valid bearer token and sets request.principal. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    principal: CustomerPrincipal | null;
  }
}

/** The customer behind an authenticated request (requireCustomer must have run). */
export function principalOf(request: FastifyRequest): CustomerPrincipal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Refuses with 403 unless the id named in the path or query is the caller's own. */
export function assertOwnCustomer(request: FastifyRequest, customerId: number): CustomerPrincipal {
  const principal = principalOf(request);
  if (principal.customerId !== customerId) throw forbidden();
  return principal;
}

/** Refuses with 403 unless the company named in the path or query is the caller's own. */
export function assertOwnCompany(request: FastifyRequest, companyId: number): CustomerPrincipal {
  const principal = principalOf(request);
  if (principal.companyId !== companyId) throw forbidden('You may not access another shop’s records.');
  return principal;
}

const ISSUER = 'shoal';
/** Verified tokens kept in memory at most, and customers whose standing is remembered. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;
/**
 * How long an instance trusts what it last read of a customer (that they exist, in which
 * company, at which token version) before reading it again. A customer removed from the shop,
 * or signed out on another instance, is refused everywhere within this; the instance that signs
 * a customer out refuses their earlier tokens at once.
 */
export const CUSTOMER_RECHECK_MS = 5_000;

export const SESSION_MESSAGES = {
  expired: 'Your session has expired. Please log in again.',
  invalid: 'Your session is not valid. Please log in again.',
  ended: 'Your session has ended. Please log in again.',
} as const;

/** What a verified token says: who, and at which token version of theirs it was issued. */
interface TokenClaims {
  principal: CustomerPrincipal;
  version: number;
}

/** What this instance last read of a customer. */
interface Standing {
  companyId: number;
  version: number;
  readAt: number;
}

async function loadSecret(app: FastifyInstance, configured?: string): Promise<Uint8Array> {
  // Every instance sharing the database signs with the same secret; the first to start makes it.
  return new TextEncoder().encode(configured || (await appSecret(app.db, APP_SECRET_NAMES.jwt)));
}

/** A map that holds at most VERIFIED_TOKEN_CACHE_SIZE entries; the oldest makes room. */
function setBounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  if (map.size >= VERIFIED_TOKEN_CACHE_SIZE) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

/** The claims of a token whose signature, issuer and expiry jose has checked; null when they are not a session's. */
function claimsOf(payload: JWTPayload): TokenClaims | null {
  const customerId = Number(payload.sub);
  const companyId = Number(payload.cid);
  // Tokens issued before versions existed carry none: they count as version 0.
  const version = payload.ver === undefined ? 0 : payload.ver;
  if (!Number.isInteger(customerId) || customerId <= 0 || !Number.isInteger(companyId) || companyId <= 0) return null;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) return null;
  return { principal: Object.freeze({ customerId, companyId }), version };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? (match[1] ?? null) : null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { jwtSecret?: string; tokenTtlSeconds: number }) => {
    const secret = await loadSecret(app, options.jwtSecret);
    // Verified tokens by their exact text, until they expire: a customer's every request
    // otherwise verifies the same HMAC again.
    const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
    // Customers by id: their every request otherwise reads their row again.
    const standings = new Map<number, Standing>();
    const reading = new Map<number, Promise<Standing | null>>();

    /** Reads the customer's row; requests arriving while it is read share the one read. */
    function readStanding(customerId: number): Promise<Standing | null> {
      const under = reading.get(customerId);
      if (under) return under;
      const read = (async () => {
        const row = await findCustomerStanding(app.db, customerId);
        if (!row) {
          standings.delete(customerId);
          return null;
        }
        const fresh: Standing = { companyId: row.company_id, version: Number(row.token_version), readAt: Date.now() };
        // A sign-out here while the row was read knows a newer version: keep that.
        const known = standings.get(customerId);
        const kept = known && known.version > fresh.version ? known : fresh;
        setBounded(standings, customerId, kept);
        return kept;
      })().finally(() => reading.delete(customerId));
      reading.set(customerId, read);
      return read;
    }

    async function standingOf(claims: TokenClaims): Promise<Standing | null> {
      const known = standings.get(claims.principal.customerId);
      // A token newer than what this instance knows (a login after a sign-out elsewhere) is checked at once.
      if (known && Date.now() - known.readAt < CUSTOMER_RECHECK_MS && claims.version <= known.version) return known;
      return readStanding(claims.principal.customerId);
    }

    async function claimsFor(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      if (known) verified.delete(token);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized(SESSION_MESSAGES.expired);
        throw unauthorized(SESSION_MESSAGES.invalid);
      }
      const claims = claimsOf(payload);
      if (!claims) throw unauthorized(SESSION_MESSAGES.invalid);
      const expiresAt = (payload.exp ?? 0) * 1000;
      if (expiresAt > Date.now()) setBounded(verified, token, { claims, expiresAt });
      return claims;
    }

    const tokens: TokenService = {
      async sign(principal, ttlSeconds = options.tokenTtlSeconds) {
        const row = await findTokenVersion(app.db, principal.customerId);
        return new SignJWT({ cid: principal.companyId, ver: Number(row?.token_version ?? 0) })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(principal.customerId))
          .setIssuer(ISSUER)
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
          .sign(secret);
      },
      async verify(token) {
        const claims = await claimsFor(token);
        const standing = await standingOf(claims);
        if (!standing || standing.companyId !== claims.principal.companyId || claims.version > standing.version) {
          verified.delete(token);
          throw unauthorized(SESSION_MESSAGES.invalid);
        }
        if (claims.version < standing.version) {
          verified.delete(token);
          throw unauthorized(SESSION_MESSAGES.ended);
        }
        return claims.principal;
      },
      async revoke(principal) {
        const row = await bumpTokenVersion(app.db, principal.customerId, principal.companyId);
        if (!row) throw unauthorized(SESSION_MESSAGES.invalid);
        setBounded(standings, principal.customerId, { companyId: principal.companyId, version: Number(row.token_version), readAt: Date.now() });
      },
    };
    app.decorate('tokens', tokens);
    app.decorateRequest('principal', null);
    app.decorate('requireCustomer', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      request.principal = await tokens.verify(token);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
