import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SignJWT } from 'jose';
import type { BrowserContext } from 'playwright-core';

export interface LoginSession {
  token: string;
  customerId: number;
  name: string;
  mobile: string;
}

// A random start per process keeps numbers apart across test files sharing one server.
let counter = Math.floor(Math.random() * 500_000);

/** A fresh valid Indian mobile number, unique within this test process. */
export function uniqueMobile(): string {
  counter += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(counter % 1_000_000).padStart(6, '0')}`;
}

interface Envelope<T> {
  Success: boolean;
  Message: string;
  Data: T;
}

async function post<T>(url: string): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { accept: 'application/json' } });
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${body.Message}`);
  return body.Data;
}

/** The newest one-time password texted to a number, read from the server's outbox file. */
export async function readOutboxCode(dataDir: string, mobile: string): Promise<string> {
  const file = path.join(dataDir, 'outbox', 'sms.jsonl');
  const lines = (await fs.readFile(file, 'utf8')).trim().split('\n').reverse();
  for (const line of lines) {
    const entry = JSON.parse(line) as { to: string; text: string };
    if (entry.to.endsWith(mobile)) {
      const code = /\b(\d{6})\b/.exec(entry.text)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`No code for ${mobile} in ${file}`);
}

/** Seconds a token has left, read from its (unverified) payload. */
function secondsLeft(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
  return (payload.exp ?? 0) - Date.now() / 1000;
}

// A number may only ask for a new code every 30 s, so logging the same customer in again
// within a test file reuses their still-valid session instead of waiting.
const sessions = new Map<string, LoginSession>();

/**
 * Logs a customer in through the real OTP flow of a running shop server: asks for a code,
 * reads it from <dataDir>/outbox/sms.jsonl and verifies it. Without a mobile number a new
 * customer is created. The server texts at most 20 codes per client address per hour.
 */
export async function apiLogin(baseUrl: string, dataDir: string, mobile: string = uniqueMobile(), companyId = 1): Promise<LoginSession> {
  const key = `${baseUrl}|${companyId}|${mobile}`;
  const cached = sessions.get(key);
  if (cached && secondsLeft(cached.token) > 60) return cached;
  const api = `${baseUrl.replace(/\/$/, '')}/api`;
  await post(`${api}/Auth/OTP/login?companyId=${companyId}&mobileNo=${encodeURIComponent(mobile)}&password=&email=`);
  const otp = await readOutboxCode(dataDir, mobile);
  const data = await post<{ Token: string; CustomerId: number; Name: string; MobileNo: string }>(
    `${api}/Auth/login?userName=${encodeURIComponent(mobile)}&password=&companyId=${companyId}&otp=${otp}`,
  );
  const session = { token: data.Token, customerId: data.CustomerId, name: data.Name, mobile: data.MobileNo };
  sessions.set(key, session);
  return session;
}

/**
 * The same customer logged in again after signing out (which ends every token they had), as
 * another device would: a token signed with the SQLite shop's own secret at their current token
 * version. The one-time-password limits would otherwise make a test wait 30 s. apiLogin hands
 * out this session for the number from now on.
 */
export async function loginAgain(baseUrl: string, dataDir: string, session: LoginSession, companyId = 1): Promise<LoginSession> {
  const db = new SQLite(path.join(dataDir, 'shoal.db'), { readonly: true });
  let secret: string;
  let version: number;
  try {
    secret = (db.prepare("select value from app_secrets where name = 'jwt'").get() as { value: string }).value;
    version = (db.prepare('select token_version from customers where id = ?').get(session.customerId) as { token_version: number }).token_version;
  } finally {
    db.close();
  }
  const token = await new SignJWT({ cid: companyId, ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.customerId))
    .setIssuer('shoal')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
  const again = { ...session, token };
  sessions.set(`${baseUrl}|${companyId}|${session.mobile}`, again);
  return again;
}

/** Puts a logged-in session into a browser context as the app stores it (section 3 cookies). */
export async function setBrowserSession(
  context: BrowserContext,
  baseUrl: string,
  session: Pick<LoginSession, 'token' | 'customerId' | 'name'> & { companyId?: number },
): Promise<void> {
  const url = baseUrl.replace(/\/$/, '');
  const values: Record<string, string> = {
    token: session.token,
    CustomerId: String(session.customerId),
    companyId: String(session.companyId ?? 1),
    // js-cookie reads values URI-encoded.
    cuName: encodeURIComponent(session.name),
  };
  await context.addCookies(Object.entries(values).map(([name, value]) => ({ name, value, url, sameSite: 'Lax' as const })));
}
