import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** True when the route's documented security is a bearer token and nothing else (no anonymous `{}` alternative). */
function needsBearer(route: RouteOptions): boolean {
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0 && security.every((s) => 'bearer' in s);
}

/**
 * A route documented as needing a bearer token checks it when the request arrives, before its
 * body, query and path are parsed and validated. Without this, an anonymous or expired caller
 * sending bad input got the validator's 400 (and learnt the route's rules) instead of 401, and
 * the client's session-timeout flow never ran. The routes' own requireCustomer stays; it then
 * finds the principal already set and checks it again (one HMAC).
 */
export const authFirstPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!needsBearer(route)) return;
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [app.requireCustomer, ...existing];
    });
  },
  { name: 'auth-first', dependencies: ['auth'] },
);
