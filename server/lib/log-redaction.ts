import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values never reach the logs. The contract puts the one-time password
 * (Auth/login?otp=) and the hub's bearer token (/catalogueHub?access_token=) in the query string,
 * and request logs keep URLs for days, so a log reader would otherwise hold live codes and
 * sessions; the mobile number and email are kept out as personal data.
 */
export const REDACTED_QUERY_PARAMS: readonly string[] = ['otp', 'password', 'access_token', 'token', 'mobileNo', 'userName', 'email'];

const REDACTED = new Set(REDACTED_QUERY_PARAMS.map((name) => name.toLowerCase()));
/** On the hub, id is SignalR's connection token: whoever holds it can poll that customer's pushes. */
const HUB_PATH = /^\/catalogueHub(\/|\?|$)/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the values of secret query parameters replaced; everything else is left byte for byte. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const hub = HUB_PATH.test(url);
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const key = decodedName(name);
      return REDACTED.has(key) || (hub && key === 'id') ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at + 1)}${pairs.join('&')}`;
}

/** Fastify's request serializer with the URL redacted (same fields as the default one). */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
