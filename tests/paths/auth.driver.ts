/**
 * Carries out the events of the auth path model in Chromium and checks, in each model state,
 * what the customer sees, the cookies the page keeps and what the server says of the codes and
 * the session. Every path is a new customer with a number of their own; the codes are read from
 * the server's text-message outbox. Time on the page runs on Playwright's clock (the 30 s resend
 * countdown, the 3 s logout wait); the server's time is moved on by ageing the code in its database.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readOutboxCode, uniqueMobile } from '../helpers/login.js';
import { AUTH_MESSAGES } from '../../machines/auth.rules';
import { UNREACHABLE } from './address-book.driver.js';
import { closePathPage, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';

/** Section 9: one code per number every 30 s; the logout waits at most 3 s for the server. */
const RESEND_MS = 30_000;
const SIGN_OUT_WAIT_MS = 3000;
const SESSION_COOKIES = ['token', 'CustomerId', 'companyId', 'cuName'];

export interface AuthShop {
  world: World;
}

export function prepareAuthShop(world: World): AuthShop {
  return { world };
}

/** Texts the server sent to a number, oldest first. */
async function textsTo(dataDir: string, mobile: string): Promise<string[]> {
  const file = path.join(dataDir, 'outbox', 'sms.jsonl');
  const content = await fs.readFile(file, 'utf8').catch(() => '');
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((entry) => entry.to.endsWith(mobile))
    .map((entry) => entry.text);
}

/** Moves the server's view of a number's codes `seconds` into the past (sent earlier, expiring earlier). */
function ageCodes(dataDir: string, mobile: string, change: { sentSecondsEarlier?: number; expired?: boolean }): void {
  const db = new SQLite(path.join(dataDir, 'shoal.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const rows = db.prepare('select id, created_at, expires_at from otp_codes where mobile = ?').all(mobile) as {
      id: number;
      created_at: string;
      expires_at: string;
    }[];
    if (rows.length === 0) throw new Error(`No code for ${mobile} in the database`);
    const update = db.prepare('update otp_codes set created_at = ?, expires_at = ? where id = ?');
    for (const row of rows) {
      const earlier = (iso: string) => new Date(Date.parse(iso) - (change.sentSecondsEarlier ?? 0) * 1000).toISOString();
      update.run(earlier(row.created_at), change.expired ? new Date(Date.now() - 1000).toISOString() : earlier(row.expires_at), row.id);
    }
  } finally {
    db.close();
  }
}

export function authDriver(shop: AuthShop) {
  const { world } = shop;
  let phone: PathPage | null = null;
  const mobile = uniqueMobile();
  let token = '';
  let customerId = 0;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'request' | 'verify' | 'logout'>(page);
  const the = (name: Parameters<typeof gates.the>[0]) => gates.the(name);

  const button = (name: string | RegExp) => page().getByRole('button', { name });
  const codeField = () => page().getByLabel('Login code');
  const alert = (text: string | RegExp) => page().getByRole('alert').filter({ hasText: text });
  const texts = () => textsTo(world.server.dataDir, mobile);
  const code = () => readOutboxCode(world.server.dataDir, mobile);
  const wrongCode = async () => ((await code()) === '000000' ? '111111' : '000000');
  const cookies = async () => Object.fromEntries((await page().context().cookies()).map((c) => [c.name, c.value]));
  const info = (bearer: string) => fetch(`${world.server.url}/api/Customer/info/${customerId}`, { headers: { authorization: `Bearer ${bearer}` } });
  /** What the server answers when the code is verified directly (without a browser). */
  const serverVerdict = async (otp: string) => {
    const res = await fetch(`${world.server.url}/api/Auth/login?userName=${mobile}&password=&companyId=1&otp=${otp}`, { method: 'POST' });
    return ((await res.json()) as { Message: string }).Message;
  };
  const submitCode = async (otp: string) => {
    const answered = page().waitForResponse((r) => r.url().includes('/api/Auth/login?'));
    await codeField().fill(otp);
    await button('Verify and log in').click();
    await answered;
  };
  const expectCodeStep = async () => {
    await visible(page().getByText(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`));
    await visible(codeField());
  };
  const expectSignedOut = async () => {
    await visible(toast(page(), AUTH_MESSAGES.loggedOut));
    await page().waitForURL((url) => url.pathname === '/');
    await visible(page().getByRole('link', { name: 'Login' }));
    const left = Object.keys(await cookies()).filter((name) => SESSION_COOKIES.includes(name));
    expect(left, 'no session cookies').toEqual([]);
  };

  const states = {
    loginPage: async () => {
      await visible(page().getByRole('heading', { name: 'Log in' }));
      await visible(page().getByText('We will text you a 6-digit login code.'));
    },
    numberRefused: async () => {
      await visible(alert(AUTH_MESSAGES.invalidMobile));
      expect(await texts()).toEqual([]);
    },
    requesting: async () => {
      await expect.poll(() => button(/Sending code/).isDisabled()).toBe(true);
      expect(the('request').holding).toBe(1);
      expect(new URL(the('request').seen[0]?.request.url() ?? '').searchParams.get('mobileNo')).toBe(mobile);
    },
    sendFailed: async () => {
      await visible(alert(UNREACHABLE));
      expect(await page().getByLabel('Mobile number').inputValue()).toBe(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
      expect(await texts(), 'no code texted').toEqual([]);
    },
    codeSent: async () => {
      await expectCodeStep();
      await visible(page().getByText(/^Resend code in (29|30) s$/));
      expect(await texts()).toHaveLength(1);
    },
    wrongCode: async () => {
      await visible(alert('The code is not correct. 4 tries left.'));
      expect(await page().context().cookies()).toEqual([]);
    },
    locked: async () => {
      await visible(alert('Too many wrong tries. Ask for a new code.'));
      expect(await serverVerdict(await code()), 'even the right code is refused now').toBe('Too many wrong tries. Ask for a new code.');
    },
    expired: async () => {
      await visible(alert('The code has expired. Ask for a new code.'));
      expect(await serverVerdict(await code())).toBe('The code has expired. Ask for a new code.');
    },
    canResend: async () => {
      await visible(button('Resend code'));
      expect(
        await page()
          .getByText(/^Resend code in/)
          .count(),
      ).toBe(0);
    },
    resending: async () => {
      expect(the('request').holding).toBe(1);
      await expectCodeStep();
    },
    resendRefused: async () => {
      await visible(alert(/^Please wait \d+ s before asking for another code\.$/));
      await visible(button('Resend code'));
      expect(await texts(), 'no second code').toHaveLength(1);
    },
    resent: async () => {
      await visible(page().getByText(/^Resend code in (29|30) s$/));
      expect(await codeField().inputValue()).toBe('');
      expect(await texts(), 'a second code texted').toHaveLength(2);
    },
    verifying: async () => {
      await expect.poll(() => button(/Checking code/).isDisabled()).toBe(true);
      expect(the('verify').holding).toBe(1);
    },
    signedIn: async () => {
      await visible(toast(page(), AUTH_MESSAGES.loggedIn));
      await page().waitForURL('**/user_account/user_profile');
      const held = await cookies();
      token = held.token ?? '';
      customerId = Number(held.CustomerId);
      expect(token).toMatch(/^ey/);
      expect((await info(token)).status, 'the server knows the session').toBe(200);
    },
    signingOut: async () => {
      expect(the('logout').holding).toBe(1);
      expect(Object.keys(await cookies())).toContain('token');
    },
    signedOut: async () => {
      await expectSignedOut();
      const refused = await info(token);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { Message: string }).Message).toBe('Your session has ended. Please log in again.');
    },
    signedOutHere: async () => {
      await expectSignedOut();
      expect(the('logout').holding, 'the server has not heard of it yet').toBe(1);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(world, null, { clock: true });
      await page().goto('/auth/login');
    },
    ENTER_A_SHORT_NUMBER: async () => {
      await page().getByLabel('Mobile number').fill(mobile.slice(0, 5));
      await button('Get code').click();
    },
    GET_CODE: async () => {
      await gates.open('request', 'POST', /\/api\/Auth\/OTP\/login/);
      await page()
        .getByLabel('Mobile number')
        .fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
      await button('Get code').click();
      await the('request').arrived();
    },
    CODE_SENT: () => the('request').release(),
    SEND_FAILS: () => the('request').fail('pass'),
    ENTER_A_WRONG_CODE: async () => submitCode(await wrongCode()),
    FOUR_MORE_WRONG_CODES: async () => {
      for (let i = 0; i < 4; i++) await submitCode(await wrongCode());
    },
    CODE_EXPIRES_THEN_ENTER_IT: async () => {
      ageCodes(world.server.dataDir, mobile, { expired: true });
      await submitCode(await code());
    },
    ENTER_THE_CODE: async () => {
      await gates.open('verify', 'POST', /\/api\/Auth\/login\?/);
      await codeField().fill(await code());
      await button('Verify and log in').click();
      await the('verify').arrived();
    },
    CODE_ACCEPTED: () => the('verify').release(),
    COUNTDOWN_ENDS: () => page().clock.runFor(RESEND_MS),
    RESEND: async () => {
      the('request').setMode('hold');
      await button('Resend code').click();
      await the('request').arrived(2);
    },
    SERVER_SAYS_WAIT: () => the('request').release(),
    NEW_CODE_SENT: async () => {
      // The server's half minute passes.
      ageCodes(world.server.dataDir, mobile, { sentSecondsEarlier: RESEND_MS / 1000 + 1 });
      await the('request').release();
    },
    LOG_OUT: async () => {
      await gates.open('logout', 'POST', /\/api\/Auth\/logout/);
      await button('Log out').click();
      await the('logout').arrived();
    },
    SESSION_ENDS: () => the('logout').release(),
    NO_ANSWER_FOR_3_S: () => page().clock.runFor(SIGN_OUT_WAIT_MS),
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await closePathPage(phone);
    },
  };
}
