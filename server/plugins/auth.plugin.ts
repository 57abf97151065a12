import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { APP_SECRET_NAMES, appSecret } from '../db/app-secrets.js';

export interface CustomerPrincipal {
  customerId: number;
  companyId: number;
}

export interface TokenService {
  sign(principal: CustomerPrincipal, ttlSeconds?: number): Promise<string>;
  verify(token: string): Promise<CustomerPrincipal>;
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
/** Verified tokens kept in memory at most. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

async function loadSecret(app: FastifyInstance, configured?: string): Promise<Uint8Array> {
  // Every instance sharing the database signs with the same secret; the first to start makes it.
  return new TextEncoder().encode(configured || (await appSecret(app.db, APP_SECRET_NAMES.jwt)));
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
    // otherwise verifies the same HMAC again. Bounded; the oldest entry makes room.
    const verified = new Map<string, { principal: CustomerPrincipal; expiresAt: number }>();
    const remember = (token: string, principal: CustomerPrincipal, expiresAt: number) => {
      if (expiresAt <= Date.now()) return;
      if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, { principal: Object.freeze(principal), expiresAt });
    };
    const tokens: TokenService = {
      async sign(principal, ttlSeconds = options.tokenTtlSeconds) {
        return new SignJWT({ cid: principal.companyId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(principal.customerId))
          .setIssuer(ISSUER)
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
          .sign(secret);
      },
      async verify(token) {
        const known = verified.get(token);
        if (known && known.expiresAt > Date.now()) return known.principal;
        if (known) verified.delete(token);
        try {
          const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
          const customerId = Number(payload.sub);
          const companyId = Number(payload.cid);
          if (!Number.isInteger(customerId) || customerId <= 0 || !Number.isInteger(companyId) || companyId <= 0) {
            throw unauthorized('Your session is not valid. Please log in again.');
          }
          const principal = { customerId, companyId };
          remember(token, principal, typeof payload.exp === 'number' ? payload.exp * 1000 : 0);
          return principal;
        } catch (error) {
          if (error instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired. Please log in again.');
          if (error instanceof Error && error.name === 'HttpError') throw error;
          throw unauthorized('Your session is not valid. Please log in again.');
        }
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
