import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { redactUrl } from '../../server/lib/log-redaction.js';

/**
 * Request logs keep URLs, and the contract carries secrets in query strings: the one-time
 * password of Auth/login and the hub's access_token. None of them may reach a log line.
 */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'info' }, { logger: true, logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(async () => {
  await t.close();
});

describe('request logs', () => {
  it('never hold the one-time password, the mobile number or a session token, yet still show the call', async () => {
    const mobile = '9876501234';
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/Auth/OTP/login?companyId=1&mobileNo=${mobile}&password=&email=a%40b.in`,
      remoteAddress: '10.9.0.1',
    });
    expect(sent.statusCode).toBe(200);
    const code = t.sms.lastCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/Auth/login?userName=${mobile}&password=secret-pass&companyId=1&otp=${code}`,
      remoteAddress: '10.9.0.1',
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().Data.Token as string;
    const negotiate = await t.app.inject({ method: 'POST', url: `/catalogueHub/negotiate?negotiateVersion=1&access_token=${token}` });
    expect(negotiate.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/Auth/login?');
    expect(log).toContain('otp=[redacted]');
    for (const secret of [`otp=${code}`, mobile, 'secret-pass', 'a%40b.in', token]) expect(log).not.toContain(secret);
  });

  it('keep the hub connection token of the fallback transports out too', async () => {
    const customer = await createCustomer(t.app);
    const negotiate = await t.app.inject({ method: 'POST', url: '/catalogueHub/negotiate?negotiateVersion=1', headers: customer.auth });
    const connectionToken = negotiate.json().connectionToken as string;
    await t.app.inject({ method: 'DELETE', url: `/catalogueHub?id=${encodeURIComponent(connectionToken)}`, headers: customer.auth });
    expect(lines.join('')).not.toContain(connectionToken);
  });
});

describe('redactUrl', () => {
  it.each([
    [
      '/api/Auth/login?userName=9876501234&password=x&companyId=1&otp=123456',
      '/api/Auth/login?userName=[redacted]&password=[redacted]&companyId=1&otp=[redacted]',
    ],
    ['/catalogueHub?id=abc&access_token=eyJ.x.y', '/catalogueHub?id=[redacted]&access_token=[redacted]'],
    ['/api/Cart/1/2/0?qtyChange=1&id=7', '/api/Cart/1/2/0?qtyChange=1&id=7'],
    ['/api/Auth/login?OTP=1&%6Ftp=2&otp', '/api/Auth/login?OTP=[redacted]&%6Ftp=[redacted]&otp=[redacted]'],
    ['/api/products?search=%E0%A4%A&otp=%', '/api/products?search=%E0%A4%A&otp=[redacted]'],
    ['/api/products', '/api/products'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
