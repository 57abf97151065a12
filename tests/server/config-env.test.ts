import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/env.js';
import { startShopServer, type ShopServer } from '../helpers/shop-server.js';

/**
 * The payment sandbox takes pretend payments, so it serves only a shop tried out on its owner's
 * machine: a real deployment (NODE_ENV=production, or customers reaching it at an address that
 * is not this machine) refuses to start with it unless the owner allows it in so many words.
 */
const RAZORPAY = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_key',
  RAZORPAY_KEY_SECRET: 'live-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
};

function problemsOf(env: NodeJS.ProcessEnv): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('which settings may run the payment sandbox', () => {
  it.each([
    ['nothing set (the demo on this machine)', {}],
    ['PORT only', { PORT: '3000' }],
    ['PUBLIC_URL on localhost', { PUBLIC_URL: 'http://localhost:8080' }],
    ['PUBLIC_URL on LOCALHOST in capitals', { PUBLIC_URL: 'http://LOCALHOST:8080/' }],
    ['PUBLIC_URL on 127.0.0.1', { PUBLIC_URL: 'http://127.0.0.1:4173' }],
    ['PUBLIC_URL elsewhere in 127.0.0.0/8', { PUBLIC_URL: 'http://127.18.0.9' }],
    ['PUBLIC_URL on ::1', { PUBLIC_URL: 'http://[::1]:8080' }],
    ['NODE_ENV test', { NODE_ENV: 'test' }],
    ['NODE_ENV development', { NODE_ENV: 'development' }],
    ['production, sandbox allowed', { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '1' }],
    ['a public address, sandbox allowed', { PUBLIC_URL: 'https://shop.example.in', ALLOW_SANDBOX_PAYMENTS: 'true' }],
    ['production at a public address with Razorpay', { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.in', ...RAZORPAY }],
  ] as [string, NodeJS.ProcessEnv][])('starts with %s', (_name, env) => {
    expect(problemsOf(env)).toBeNull();
  });

  it('starts the default demo with the sandbox on http://localhost:8080', () => {
    const config = loadConfig({});
    expect({ provider: config.paymentProvider, url: config.publicUrl }).toEqual({ provider: 'sandbox', url: 'http://localhost:8080' });
  });

  it.each([
    ['NODE_ENV production', { NODE_ENV: 'production' }, 'NODE_ENV is production'],
    ['NODE_ENV production and a local address', { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8080' }, 'NODE_ENV is production'],
    ['a public https address', { PUBLIC_URL: 'https://shop.example.in' }, 'PUBLIC_URL https://shop.example.in is not this machine'],
    ['a LAN address', { PUBLIC_URL: 'http://192.168.1.20:8080' }, 'PUBLIC_URL http://192.168.1.20:8080 is not this machine'],
    ['every interface', { PUBLIC_URL: 'http://0.0.0.0:8080' }, 'is not this machine'],
    ['a name that only starts like localhost', { PUBLIC_URL: 'http://localhost.example.in' }, 'is not this machine'],
    ['a name that only starts like 127.0.0.1', { PUBLIC_URL: 'http://127.0.0.1.nip.io' }, 'is not this machine'],
    ['an allow setting that is not 1', { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'yes' }, 'NODE_ENV is production'],
    ['the sandbox named outright in production', { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }, 'NODE_ENV is production'],
  ] as [string, NodeJS.ProcessEnv, string][])('refuses the sandbox with %s, and says what to set', (_name, env, reason) => {
    const message = problemsOf(env) ?? 'it started';
    expect(message).toContain('The shop cannot start; fix these settings:');
    expect(message).toContain(reason);
    expect(message).toContain('payments are only simulated');
    expect(message).toContain('set PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET');
    expect(message).toContain('ALLOW_SANDBOX_PAYMENTS=1');
  });

  it('lists the sandbox problem with every other wrong setting', () => {
    const message = problemsOf({ NODE_ENV: 'production', PORT: 'eighty', JWT_SECRET: 'short' }) ?? '';
    const problems = message.split('\n').filter((line) => line.startsWith('- '));
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT must be a whole number[\s\S]*JWT_SECRET must be at least 32 characters[\s\S]*NODE_ENV is production/);
  });

  it('refuses a PUBLIC_URL that is not an http(s) address', () => {
    expect(problemsOf({ PUBLIC_URL: 'shop.example.in' })).toContain(
      'PUBLIC_URL must be an http(s) address such as https://shop.example.in (got "shop.example.in")',
    );
  });
});

/** This process's environment without the settings these tests decide, plus theirs. */
function environment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_ENV', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'ALLOW_SANDBOX_PAYMENTS', 'DATABASE_URL', 'REDIS_URL']) delete env[name];
  return { ...env, ...settings };
}

describe('the real server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-config-'));
  let server: ShopServer | undefined;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not start in production with the sandbox, and prints what to set', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: environment({ NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | string>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('still running after 20 s');
      }, 20_000);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode ?? 'killed');
      });
    });
    expect(code, output).toBe(1);
    expect(output).toContain('The shop cannot start; fix these settings:');
    expect(output).toContain('set PAYMENT_PROVIDER=razorpay');
    expect(fs.existsSync(path.join(dataDir, 'shoal.db'))).toBe(false);
  });

  it('says at start that payments are simulated and no money moves when the sandbox runs', async () => {
    server = await startShopServer({ dataDir, env: { LOG_LEVEL: 'info' } });
    const deadline = Date.now() + 5_000;
    while (!server.output().includes('no money moves') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(server.output()).toMatch(/Payments are simulated by the built-in sandbox: no money moves/);
  });
});

describe('CATALOGUE_ANSWER_MAX_AGE_MS', () => {
  it('reuses catalogue answers for 1 s unless told otherwise; 0 keeps none', () => {
    expect(loadConfig({}).catalogueAnswerMaxAgeMs).toBe(1000);
    expect(loadConfig({ CATALOGUE_ANSWER_MAX_AGE_MS: '0' }).catalogueAnswerMaxAgeMs).toBe(0);
    expect(loadConfig({ CATALOGUE_ANSWER_MAX_AGE_MS: '5000' }).catalogueAnswerMaxAgeMs).toBe(5000);
  });

  it.each(['-1', '1.5', 'soon', '60001'])('refuses %s with a reason', (value) => {
    expect(problemsOf({ CATALOGUE_ANSWER_MAX_AGE_MS: value })).toContain(`CATALOGUE_ANSWER_MAX_AGE_MS must be a whole number from 0 to 60000 (got "${value}")`);
  });
});

describe('LOG_LEVEL', () => {
  it('logs every request by default, and takes any of the logger’s levels', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('info');
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it.each(['verbose', 'INFO', 'warning'])('refuses %j with the levels it takes', (value) => {
    expect(problemsOf({ LOG_LEVEL: value })).toContain(`LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got "${value}")`);
  });
});

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('prepares PostgreSQL statements unless told "off"', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
  });

  it.each(['false', 'OFF', '0', 'yes'])('refuses %j with the values it takes', (value) => {
    expect(problemsOf({ DATABASE_PREPARED_STATEMENTS: value })).toContain(`DATABASE_PREPARED_STATEMENTS must be "on" or "off" (got "${value}")`);
  });
});
