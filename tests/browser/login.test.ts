import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SignJWT } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, readOutboxCode, setBrowserSession, uniqueMobile } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

/** A token of the server's own secret that expired a minute ago. */
async function expiredToken(customerId: number): Promise<string> {
  const db = new SQLite(path.join(server.dataDir, 'shoal.db'), { readonly: true });
  const row = db.prepare("select value from app_secrets where name = 'jwt'").get() as { value: string };
  db.close();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customerId))
    .setIssuer('shoal')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(row.value));
}

describe('Login with a one-time password', () => {
  it('takes a visitor from the cart to login and back, then edits the profile and logs out', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto('/cart');
    await page.waitForURL('**/auth/login?user_not_authentication=cart');
    await expect.poll(() => page.getByText('Please log in to view your cart.').isVisible()).toBe(true);

    const mobile = uniqueMobile();
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => page.getByText('Enter a valid 10-digit Indian mobile number.').isVisible()).toBe(true);
    await page.getByLabel('Mobile number').fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.getByRole('button', { name: 'Get code' }).click();

    await expect.poll(() => page.getByText(/Resend code in \d+ s/).isVisible()).toBe(true);
    const code = await readOutboxCode(server.dataDir, mobile);
    await page.getByLabel('Login code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect.poll(() => page.getByText('The code is not correct. 4 tries left.').isVisible()).toBe(true);

    await page.getByLabel('Login code').fill(code);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/cart');
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.token).toMatch(/^ey/);
    expect(Number(cookies.CustomerId)).toBeGreaterThan(0);
    expect(cookies.companyId).toBe('1');

    // Logged in, the login page sends the customer to the profile; a new customer is asked for a name.
    await page.goto('/auth/login');
    await page.waitForURL('**/user_account/user_profile');
    await expect.poll(() => page.getByTestId('profile-mobile').textContent()).toBe(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.getByLabel('Name').fill('M');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(/Enter your name: 2 to 60 letters/).isVisible()).toBe(true);
    await page.getByLabel('Name').fill('Meera Nair');
    await page.getByLabel('Email (optional)').fill('meera@example.in');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Your profile is saved.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Meera Nair');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Name').fill('Meera K. Nair');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Meera K. Nair');
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Meera K. Nair');

    const held = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    const customerId = Number((await context.cookies()).find((c) => c.name === 'CustomerId')?.value);
    const info = () => fetch(`${server.url}/api/Customer/info/${customerId}`, { headers: { authorization: `Bearer ${held}` } });
    expect((await info()).status).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('You are logged out.').isVisible()).toBe(true);
    const after = (await context.cookies()).map((c) => c.name);
    expect(after.filter((n) => ['token', 'CustomerId', 'companyId', 'cuName'].includes(n))).toEqual([]);
    // The server ended the session too: the token the browser held is refused even if someone kept a copy.
    const refused = await info();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { Message: string }).Message).toBe('Your session has ended. Please log in again.');
    await page.goto('/user_account/my_order');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a token away from the account pages', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    for (const route of ['/user_account/user_profile', '/user_account/customer_wallet', '/user_account/check_out']) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await context.close();
  });

  it('shows the session timeout and goes home when the token has expired', async () => {
    const session = await apiLogin(server.url, server.dataDir);
    const { context, page } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, { ...session, token: await expiredToken(session.customerId) });
    await page.goto('/user_account/user_profile');
    // The page's load event comes before its code has asked the server anything: the 401 and the
    // notice follow about a second later on a 2-core machine.
    await expect.poll(() => page.getByText('Session Timeout. Please Login').isVisible(), { timeout: 5000 }).toBe(true);
    await page.waitForURL((url) => url.pathname === '/');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names.filter((n) => ['token', 'CustomerId', 'companyId', 'cuName'].includes(n))).toEqual([]);
    await context.close();
  });

  it('opens the profile for a session put in place by setBrowserSession', async () => {
    const session = await apiLogin(server.url, server.dataDir);
    const { context, page } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, session);
    await page.goto('/user_account/user_profile');
    await expect.poll(() => page.getByTestId('profile-mobile').textContent()).toBe(`+91 ${session.mobile.slice(0, 5)} ${session.mobile.slice(5)}`);
    await context.close();
  });
});
