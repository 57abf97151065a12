import net from 'node:net';
import path from 'node:path';
import { CLIENT_BUILD_DIR } from '../lib/project-root.js';
import { CATALOGUE_ANSWER_MAX_AGE_MS } from '../repositories/catalogue-cache.js';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema (DATABASE_SCHEMA), for several shops or test runs in one database. */
  databaseSchema?: string;
  /**
   * Whether PostgreSQL statements with parameters are prepared once per connection
   * (DATABASE_PREPARED_STATEMENTS, on unless "off"): off behind a pooler in transaction mode that
   * does not keep prepared statements, where the next transaction may get another connection.
   */
  databasePreparedStatements: boolean;
  redisUrl?: string;
  /**
   * Which X-Forwarded-For hops to believe (TRUST_PROXY): false when clients reach the server
   * directly; a number of proxies in front (1: the address the nearest proxy saw is the client);
   * or the proxies' own addresses and ranges, comma-separated. Never "every hop": a client can
   * write anything at the front of the header.
   */
  trustProxy: false | number | string;
  /** A real SMS provider's HTTP endpoint (SMS_HTTP_URL); without it codes go to the local outbox. */
  smsHttpUrl?: string;
  smsHttpToken?: string;
  defaultCompanyId: number;
  defaultBranchId: number;
  /** Overrides the signing secret kept in the database. */
  jwtSecret?: string;
  tokenTtlSeconds: number;
  publicUrl: string;
  paymentProvider: 'sandbox' | 'razorpay';
  razorpayKeyId: string;
  /**
   * RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET. Required for Razorpay; the sandbox, when they
   * are not set, makes its own at first start and keeps them in the database (payment-secrets.ts).
   */
  razorpayKeySecret?: string;
  razorpayWebhookSecret?: string;
  razorpayBaseUrl: string;
  /**
   * Seconds a sandbox UPI request (collect or QR), bank page or wallet page waits for the
   * customer before it expires (SANDBOX_UPI_EXPIRY_SECONDS). Razorpay's live for 5 to 10 minutes;
   * the sandbox's is short, so trying an expiry takes no long wait.
   */
  sandboxUpiExpirySeconds: number;
  /** Seconds before the sandbox's test UPI apps approve or decline a request (SANDBOX_UPI_APPROVAL_SECONDS). */
  sandboxUpiApprovalSeconds: number;
  geocoderUrl: string;
  /** Minutes an order may wait for payment before it is cancelled and its stock released. */
  abandonedOrderMinutes: number;
  /**
   * Longest time a catalogue answer is reused without a change being noted
   * (CATALOGUE_ANSWER_MAX_AGE_MS, default 1000); 0 keeps no answer and builds every one from the database.
   */
  catalogueAnswerMaxAgeMs: number;
  seedDemo: boolean;
  logLevel: string;
  serveClient: boolean;
  /** Folder of the built SPA (default dist/). */
  clientDir: string;
  /**
   * Who issues the tax invoices (SHOP_LEGAL_NAME, SHOP_LEGAL_ADDRESS, SHOP_STATE, SHOP_GSTIN):
   * the shop's own values, the marked demo values on a shop tried out on its owner's machine, or
   * null on a real deployment without them, which then refuses to issue invoices (with a reason).
   */
  invoiceIssuer: InvoiceIssuer | null;
}

export interface InvoiceIssuer {
  legalName: string;
  address: string;
  /** The state the shop is registered in: a delivery in it is charged CGST and SGST, elsewhere IGST. */
  state: string;
  gstin: string;
  /** Demo values: every invoice says it is a sample and not a valid tax invoice. */
  demo: boolean;
}

/** The demo shop's legal details: a GSTIN of the right shape for Kerala (32) that belongs to no one. */
export const DEMO_INVOICE_ISSUER: InvoiceIssuer = {
  legalName: 'Shoal Fresh Foods Private Limited',
  address: '12/410 Beach Road, Fort Kochi, Kochi, Kerala 682001',
  state: 'Kerala',
  gstin: '32AAACS0000D1Z0',
  demo: true,
};

/** A GSTIN: state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const ISSUER_KEYS = ['SHOP_LEGAL_NAME', 'SHOP_LEGAL_ADDRESS', 'SHOP_STATE', 'SHOP_GSTIN'] as const;

/**
 * The invoice issuer from the environment. All four values, or none: none gives the demo values
 * where the payment sandbox would be allowed (the owner's own machine, or ALLOW_DEMO_INVOICES=1),
 * and null on a shop customers really use, so it never hands out an invoice with a made-up GSTIN.
 */
function invoiceIssuer(env: NodeJS.ProcessEnv, publicUrl: URL | null, problems: string[]): InvoiceIssuer | null {
  const given = ISSUER_KEYS.filter((key) => (env[key] ?? '').trim() !== '');
  if (given.length === 0) {
    const allowed = env.ALLOW_DEMO_INVOICES === '1' || env.ALLOW_DEMO_INVOICES === 'true';
    const real = env.NODE_ENV === 'production' || (publicUrl !== null && !isLocalHost(publicUrl.hostname));
    return real && !allowed ? null : DEMO_INVOICE_ISSUER;
  }
  if (given.length < ISSUER_KEYS.length) {
    problems.push(`Tax invoices need all of ${ISSUER_KEYS.join(', ')}; missing ${ISSUER_KEYS.filter((k) => !given.includes(k)).join(', ')}`);
    return null;
  }
  const gstin = (env.SHOP_GSTIN ?? '').trim().toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) problems.push(`SHOP_GSTIN must be a 15-character GSTIN such as 32AAACS1234D1Z5 (got "${env.SHOP_GSTIN}")`);
  return {
    legalName: (env.SHOP_LEGAL_NAME ?? '').trim(),
    address: (env.SHOP_LEGAL_ADDRESS ?? '').trim(),
    state: (env.SHOP_STATE ?? '').trim(),
    gstin,
    demo: false,
  };
}

/** The configuration of a running app (app.config): the payment secrets are known, whoever made them. */
export type RunningConfig = AppConfig & { razorpayKeySecret: string; razorpayWebhookSecret: string };

function int(name: string, raw: string | undefined, fallback: number, problems: string[], min = 0, max = 2 ** 31): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** Minutes that may be fractional: a test sets a payment window of seconds (0.1 = 6 s). */
function minutes(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0.05 || value > 7 * 24 * 60) {
    problems.push(`${name} must be a number of minutes from 0.05 to ${7 * 24 * 60} (got "${raw}")`);
    return fallback;
  }
  return value;
}

export const SANDBOX_UPI_EXPIRY_SECONDS = 120;
export const SANDBOX_UPI_APPROVAL_SECONDS = 3;

/** Seconds that may be fractional, within bounds. */
function seconds(name: string, raw: string | undefined, fallback: number, problems: string[], min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    problems.push(`${name} must be a number of seconds from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** proxy-addr's named ranges, accepted in TRUST_PROXY besides addresses and CIDR ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
}

/** TRUST_PROXY: unset or 0 trusts no proxy, N trusts N hops, a list trusts those proxies' addresses. */
function trustProxySetting(raw: string | undefined, problems: string[]): false | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  } else {
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isAddressOrRange)) return entries.join(',');
  }
  problems.push(
    `TRUST_PROXY must be the number of proxies in front of the shop (1 to 10) or their addresses and CIDR ranges, comma-separated; trusting every hop would let any client pick its own address (got "${raw}")`,
  );
  return false;
}

/**
 * The setting as Fastify takes it. A hop count becomes a function (Fastify refuses bare counts):
 * the socket's peer and the entries before the last `hops` ones are proxies. Use a count only
 * when nothing reaches the server except through those proxies; addresses are checked instead.
 */
export function fastifyTrustProxy(setting: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** True for an address only this machine can reach: localhost, 127.0.0.0/8 or ::1. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host);
}

/**
 * Why the payment sandbox must not serve these settings, or null. It takes pretend payments, so
 * a shop customers really use would hand out goods for nothing; it serves a shop tried out on
 * its owner's machine, or one whose owner allows it in so many words.
 */
function sandboxProblem(env: NodeJS.ProcessEnv, publicUrl: URL | null): string | null {
  if (env.ALLOW_SANDBOX_PAYMENTS === '1' || env.ALLOW_SANDBOX_PAYMENTS === 'true') return null;
  const reasons: string[] = [];
  if (env.NODE_ENV === 'production') reasons.push('NODE_ENV is production');
  if (publicUrl && !isLocalHost(publicUrl.hostname)) reasons.push(`PUBLIC_URL ${publicUrl.origin} is not this machine`);
  if (reasons.length === 0) return null;
  return (
    `PAYMENT_PROVIDER is the built-in sandbox, which must not serve a real shop (${reasons.join(', ')}): its payments are only simulated and no money moves. ` +
    'To take real payments set PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET; ' +
    'to run the sandbox here anyway, set ALLOW_SANDBOX_PAYMENTS=1'
  );
}

function parsedUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The logger's levels (pino's), from the most written to none. */
export const LOG_LEVELS: readonly string[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * Reads and validates the environment once at start-up. Every problem is listed together,
 * so a shop owner fixes them in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const problems: string[] = [];
  const port = int('PORT', env.PORT, 8080, problems, 0, 65535);
  const provider = env.PAYMENT_PROVIDER ?? 'sandbox';
  if (provider !== 'sandbox' && provider !== 'razorpay') {
    problems.push(`PAYMENT_PROVIDER must be "sandbox" or "razorpay" (got "${provider}")`);
  }
  if (provider === 'razorpay') {
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      if (!env[key]) problems.push(`${key} is required when PAYMENT_PROVIDER is razorpay`);
    }
  }
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push('DATABASE_URL must be a postgres:// connection string');
  }
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL)) {
    problems.push('REDIS_URL must be a redis:// connection string');
  }
  if (env.DATABASE_SCHEMA && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(env.DATABASE_SCHEMA)) {
    problems.push('DATABASE_SCHEMA must be a plain identifier (letters, digits, underscore)');
  }
  const prepared = env.DATABASE_PREPARED_STATEMENTS || 'on';
  if (prepared !== 'on' && prepared !== 'off') problems.push(`DATABASE_PREPARED_STATEMENTS must be "on" or "off" (got "${prepared}")`);
  if (env.SMS_HTTP_URL && !/^https?:\/\//.test(env.SMS_HTTP_URL)) {
    problems.push('SMS_HTTP_URL must be an http(s) address');
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const parsedPublicUrl = parsedUrl(publicUrl);
  if (!parsedPublicUrl) problems.push(`PUBLIC_URL must be an http(s) address such as https://shop.example.in (got "${publicUrl}")`);
  const sandbox = provider === 'sandbox' ? sandboxProblem(env, parsedPublicUrl) : null;
  if (sandbox) problems.push(sandbox);
  const config: AppConfig = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databasePreparedStatements: prepared !== 'off',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxySetting(env.TRUST_PROXY, problems),
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
    defaultCompanyId: int('COMPANY_ID', env.COMPANY_ID, 1, problems, 1),
    defaultBranchId: int('BRANCH_ID', env.BRANCH_ID, 1, problems, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 7 * 24 * 3600, problems, 1),
    publicUrl,
    paymentProvider: provider === 'razorpay' ? 'razorpay' : 'sandbox',
    razorpayKeyId: env.RAZORPAY_KEY_ID ?? 'rzp_test_shoalsandbox',
    razorpayKeySecret: env.RAZORPAY_KEY_SECRET || undefined,
    razorpayWebhookSecret: env.RAZORPAY_WEBHOOK_SECRET || undefined,
    razorpayBaseUrl: (env.RAZORPAY_BASE_URL ?? (provider === 'razorpay' ? 'https://api.razorpay.com' : `${publicUrl}/sandbox/razorpay`)).replace(/\/$/, ''),
    sandboxUpiExpirySeconds: seconds('SANDBOX_UPI_EXPIRY_SECONDS', env.SANDBOX_UPI_EXPIRY_SECONDS, SANDBOX_UPI_EXPIRY_SECONDS, problems, 1, 3600),
    sandboxUpiApprovalSeconds: seconds('SANDBOX_UPI_APPROVAL_SECONDS', env.SANDBOX_UPI_APPROVAL_SECONDS, SANDBOX_UPI_APPROVAL_SECONDS, problems, 0, 600),
    geocoderUrl: env.GEOCODER_URL ?? 'https://nominatim.openstreetmap.org/search',
    abandonedOrderMinutes: minutes('ABANDONED_ORDER_MINUTES', env.ABANDONED_ORDER_MINUTES, 30, problems),
    catalogueAnswerMaxAgeMs: int('CATALOGUE_ANSWER_MAX_AGE_MS', env.CATALOGUE_ANSWER_MAX_AGE_MS, CATALOGUE_ANSWER_MAX_AGE_MS, problems, 0, 60_000),
    seedDemo: (env.SEED ?? 'demo') !== 'none',
    logLevel,
    serveClient: env.SERVE_CLIENT !== '0',
    clientDir: path.resolve(env.CLIENT_DIR ?? CLIENT_BUILD_DIR),
    invoiceIssuer: invoiceIssuer(env, parsedPublicUrl, problems),
    ...overrides,
  };
  if (problems.length > 0) {
    throw new Error(`The shop cannot start; fix these settings:\n- ${problems.join('\n- ')}`);
  }
  return config;
}
