import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { uniqueMobile } from '../helpers/login.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Only Date is faked: the OTP clock moves when the test says so, the database keeps real timers.
let clock = 0;
beforeEach(() => {
  clock = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});
function advance(seconds: number): void {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
}

let ipCounter = 0;
/** Every test has its own client address so the per-address limit only bites where tested. */
function freshIp(): string {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function requestCode(mobileNo: string, ip: string, companyId: number | string = 1) {
  return t.app.inject({
    method: 'POST',
    url: `/api/Auth/OTP/login?companyId=${companyId}&mobileNo=${encodeURIComponent(mobileNo)}&password=&email=`,
    remoteAddress: ip,
  });
}

function login(mobile: string, otp: string, companyId = 1) {
  return t.app.inject({
    method: 'POST',
    url: `/api/Auth/login?userName=${encodeURIComponent(mobile)}&password=&companyId=${companyId}&otp=${encodeURIComponent(otp)}`,
  });
}

function codeFor(mobile: string): string {
  const code = t.sms.lastCode(mobile);
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

/** A code that is certainly not the one sent. */
function wrongCode(mobile: string): string {
  return codeFor(mobile) === '000000' ? '111111' : '000000';
}

describe('Asking for a code', () => {
  it('texts a 6-digit code to the number and stores only its hash', async () => {
    const mobile = uniqueMobile();
    const res = await requestCode(mobile, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().Data).toEqual({ MobileNo: mobile, ExpiresInSeconds: 300, ResendAfterSeconds: 30 });
    const sms = t.sms.sent.at(-1);
    expect(sms?.to).toBe(`+91${mobile}`);
    expect(sms?.text).toMatch(/^Your Shoal Fresh login code is \d{6}\. It is valid for 5 minutes\. Do not share it\.$/);
    const code = codeFor(mobile);
    const rows = await t.app.db.selectFrom('otp_codes').selectAll().where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('draws a different code each time', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const mobile = uniqueMobile();
      await requestCode(mobile, freshIp());
      codes.add(codeFor(mobile));
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it.each(['98470 12345', '+91 98470 12345', '+91-9847012345', '919847012345', '09847012345', ' 6000000000 '])(
    'accepts %j as an Indian mobile number',
    async (raw) => {
      const res = await requestCode(raw, freshIp(), 1);
      // Several spellings share one number, so later ones meet the 30 s resend wait: both prove it was accepted.
      expect([200, 429]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().Data.MobileNo).toMatch(/^[6-9]\d{9}$/);
      advance(31);
    },
  );

  it.each([
    '',
    '12345',
    '5847012345',
    '98470123456',
    '+1 9847012345',
    '+9198470123',
    'abcdefghij',
    '98470-1234x',
    '9847012345; drop',
    '+91+9847012345',
    '0091 9847012345',
  ])('refuses %j with a clear message', async (raw) => {
    const res = await requestCode(raw, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Success: false, Message: 'Enter a valid 10-digit Indian mobile number.', Data: null });
  });

  it('answers 404 for an unknown company and 400 for a bad company id', async () => {
    expect((await requestCode(uniqueMobile(), freshIp(), 999)).statusCode).toBe(404);
    expect((await requestCode(uniqueMobile(), freshIp(), 'x')).statusCode).toBe(400);
  });

  it('makes a number wait 30 s between codes, with the exact seconds left', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    expect((await requestCode(mobile, ip)).statusCode).toBe(200);
    let res = await requestCode(mobile, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().Message).toBe('Please wait 30 s before asking for another code.');
    expect(res.headers['retry-after']).toBe('30');
    advance(12);
    res = await requestCode(mobile, freshIp());
    expect(res.json().Message).toBe('Please wait 18 s before asking for another code.');
    advance(18);
    expect((await requestCode(mobile, ip)).statusCode).toBe(200);
  });

  it('sends a number at most 5 codes an hour', async () => {
    const mobile = uniqueMobile();
    for (let i = 0; i < 5; i += 1) {
      expect((await requestCode(mobile, freshIp())).statusCode).toBe(200);
      advance(30);
    }
    const res = await requestCode(mobile, freshIp());
    expect(res.statusCode).toBe(429);
    // The first of the five was sent 150 s ago; it leaves the hour window in 3450 s.
    expect(res.json().Message).toBe('Please wait 3450 s before asking for another code.');
    advance(3450);
    expect((await requestCode(mobile, freshIp())).statusCode).toBe(200);
  });

  it('sends one client address at most 20 codes an hour, whatever the numbers', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await requestCode(uniqueMobile(), ip)).statusCode).toBe(200);
    }
    advance(100);
    const res = await requestCode(uniqueMobile(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().Message).toBe('Please wait 3500 s before asking for another code.');
    expect((await requestCode(uniqueMobile(), freshIp())).statusCode).toBe(200);
  });

  it('does not count a code that could not be texted', async () => {
    const mobile = uniqueMobile();
    vi.spyOn(t.sms, 'send').mockRejectedValueOnce(new Error('provider down'));
    const res = await requestCode(mobile, freshIp());
    expect(res.statusCode).toBe(502);
    expect(res.json().Message).toBe('We could not send the code right now. Please try again in a minute.');
    expect((await requestCode(mobile, freshIp())).statusCode).toBe(200);
  });
});

describe('Verifying a code', () => {
  it('logs a new customer in, creating them with an empty name, and the token opens their profile', async () => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const res = await login(`+91 ${mobile}`, codeFor(mobile));
    expect(res.statusCode).toBe(200);
    const data = res.json().Data;
    expect(data).toMatchObject({ Name: '', CompanyId: 1, MobileNo: mobile });
    expect(data.CustomerId).toBeGreaterThan(0);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/Customer/info/${data.CustomerId}`,
      headers: { authorization: `Bearer ${data.Token}` },
    });
    expect(profile.json().Data).toMatchObject({ CustomerId: data.CustomerId, MobileNo: mobile });

    advance(31);
    await requestCode(mobile, freshIp());
    const again = await login(mobile, codeFor(mobile));
    expect(again.json().Data.CustomerId).toBe(data.CustomerId);
    expect(again.json().Message).toBe('Welcome back.');
  });

  it('accepts a code only once', async () => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const code = codeFor(mobile);
    expect((await login(mobile, code)).statusCode).toBe(200);
    const res = await login(mobile, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('This code has already been used. Ask for a new code.');
  });

  it('lets only one of two simultaneous logins with the same code through', async () => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const code = codeFor(mobile);
    const results = await Promise.all([login(mobile, code), login(mobile, code), login(mobile, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await t.app.db.selectFrom('customers').select('id').where('mobile', '=', mobile).execute()).toHaveLength(1);
  });

  it('counts wrong tries down and voids the code after the fifth', async () => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await login(mobile, wrongCode(mobile));
      expect(res.statusCode).toBe(400);
      messages.push(res.json().Message);
    }
    expect(messages).toEqual([
      'The code is not correct. 4 tries left.',
      'The code is not correct. 3 tries left.',
      'The code is not correct. 2 tries left.',
      'The code is not correct. 1 try left.',
      'Too many wrong tries. Ask for a new code.',
    ]);
    const res = await login(mobile, codeFor(mobile));
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('Too many wrong tries. Ask for a new code.');
  });

  it('keeps a code valid for 5 minutes and no longer', async () => {
    const early = uniqueMobile();
    const late = uniqueMobile();
    await requestCode(early, freshIp());
    await requestCode(late, freshIp());
    advance(299);
    expect((await login(early, codeFor(early))).statusCode).toBe(200);
    advance(1);
    const res = await login(late, codeFor(late));
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('The code has expired. Ask for a new code.');
  });

  it('voids the earlier code when a new one is sent', async () => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const first = codeFor(mobile);
    advance(30);
    await requestCode(mobile, freshIp());
    const second = codeFor(mobile);
    if (first !== second) expect((await login(mobile, first)).statusCode).toBe(400);
    expect((await login(mobile, second)).statusCode).toBe(200);
    expect((await login(mobile, first)).statusCode).toBe(400);
  });

  it('keeps codes of one company from opening another', async () => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const res = await login(mobile, codeFor(mobile), 999);
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['12ab56', 'Enter the 6-digit code we sent you.'],
    ['12345', 'Enter the 6-digit code we sent you.'],
    ['1234567', 'Enter the 6-digit code we sent you.'],
  ])('refuses the code %j without counting a try', async (otp, message) => {
    const mobile = uniqueMobile();
    await requestCode(mobile, freshIp());
    const res = await login(mobile, otp);
    expect(res.json()).toEqual({ Success: false, Message: message, Data: null });
    expect((await login(mobile, wrongCode(mobile))).json().Message).toBe('The code is not correct. 4 tries left.');
  });

  it('refuses a number no code was sent to, and a bad number', async () => {
    expect((await login(uniqueMobile(), '123456')).json().Message).toBe('No code was sent to this number. Ask for a code first.');
    expect((await login('12345', '123456')).json().Message).toBe('Enter a valid 10-digit Indian mobile number.');
  });
});
