import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/env.js';
import { DEFAULT_HUB_LIMITS } from '../../server/hub/hub-limits.js';
import { OTP_RULES } from '../../server/services/otp-service.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { testMobile } from '../helpers/customers.js';

/**
 * Behind one reverse proxy (TRUST_PROXY=1) the client is the address the proxy saw, the last
 * X-Forwarded-For entry; whatever the client itself wrote in front of it is not believed, so the
 * per-address limits hold against a client that makes up addresses.
 */

const PROXY = '10.20.30.40';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', '10.0.0.5'],
    [' 10.0.0.0/8 , 192.168.1.1 ', '10.0.0.0/8,192.168.1.1'],
    ['loopback, fd00::/8', 'loopback,fd00::/8'],
  ])('reads %j as %j', (raw, expected) => {
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '11', '10.0.0.0/33', '300.1.1.1', '10.0.0.5/24/1', 'everyone'])('refuses %j at start-up, saying what it takes', (raw) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(
      /TRUST_PROXY must be the number of proxies in front of the shop \(1 to 10\) or their addresses and CIDR ranges/,
    );
  });
});

describe.each([
  ['one proxy by count', '1'],
  ['the proxy by address', PROXY],
])('Behind %s', (_name, setting) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A request as the proxy forwards it: whatever the client sent in X-Forwarded-For, then the address the proxy saw. */
  const viaProxy = (client: string, claimed: string[]) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': [...claimed, client].join(', ') } });
  const askForCode = (client: string, claimed: string[]) =>
    t.app.inject({ method: 'POST', url: `/api/Auth/OTP/login?companyId=1&mobileNo=${testMobile()}&password=&email=`, ...viaProxy(client, claimed) });

  it('counts one-time-password requests by the address the proxy saw, whatever the client claims before it', async () => {
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await askForCode('203.0.113.7', [`198.51.100.${i}`, `192.0.2.${i}`]));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(OTP_RULES.maxPerIpPerHour);
    expect(answers.slice(OTP_RULES.maxPerIpPerHour).every((a) => a.statusCode === 429)).toBe(true);
    // Another customer behind the same proxy has a limit of their own.
    expect((await askForCode('203.0.113.8', ['203.0.113.7'])).statusCode).toBe(200);
  });

  it('counts live connections by the address the proxy saw', async () => {
    const negotiate = (client: string, claimed: string[]) =>
      t.app.inject({ method: 'POST', url: '/catalogueHub/negotiate?negotiateVersion=1', ...viaProxy(client, claimed) });
    const answers = [];
    for (let i = 0; i < DEFAULT_HUB_LIMITS.maxConnectionsPerIp + 5; i += 1) answers.push(await negotiate('203.0.113.50', [`198.51.100.${i}`]));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(DEFAULT_HUB_LIMITS.maxConnectionsPerIp);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
    expect((await negotiate('203.0.113.51', [])).statusCode).toBe(200);
  });
});
