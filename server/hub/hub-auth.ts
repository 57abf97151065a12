import type { CustomerPrincipal, TokenService } from '../plugins/auth.plugin.js';

export class HubAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubAuthError';
  }
}

/**
 * The customer behind a hub request: a bearer header (Node clients) or the access_token
 * query parameter (browsers cannot set headers on WebSockets or EventSource). No token
 * means an anonymous catalogue connection; a bad token is refused.
 */
export async function hubPrincipal(tokens: TokenService, authorization: string | undefined, accessToken: string | null): Promise<CustomerPrincipal | null> {
  const header = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] : undefined;
  const token = header ?? (accessToken || undefined);
  if (!token) return null;
  try {
    return await tokens.verify(token);
  } catch (error) {
    throw new HubAuthError(error instanceof Error ? error.message : 'Your session is not valid. Please log in again.');
  }
}

/** A transport request must come from the customer (or anonymous visitor) that negotiated. */
export function samePrincipal(a: CustomerPrincipal | null, b: CustomerPrincipal | null): boolean {
  if (a === null || b === null) return a === b;
  return a.customerId === b.customerId && a.companyId === b.companyId;
}
