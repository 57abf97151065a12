import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, stateIn } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { authMachine } from '../../machines/auth.machine';
import { AUTH_MESSAGES, CART_RETURN, RESEND_TICK_MS, SIGN_OUT_WAIT_MS, pathAfterLogin, safeReturnPath } from '../../machines/auth.rules';
import type { CodeSent, LoginSession } from '../../machines/auth.types';
import { normalizeIndianMobile } from '../../contract/mobile-number.rules';

const SENT: CodeSent = { MobileNo: '9847012345', ExpiresInSeconds: 300, ResendAfterSeconds: 2 };
const SESSION: LoginSession = { Token: 'signed.token.value', CustomerId: 7, Name: 'Meera', CompanyId: 1, MobileNo: '9847012345' };

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** The machine with fake effects: each call waits until the test settles it. */
function harness(customer: { customerId: number; name: string } | null = null) {
  const pending: { requestCode?: Deferred<CodeSent>; verifyCode?: Deferred<LoginSession>; signOut?: Deferred<void> } = {};
  const calls = {
    requestCode: [] as { companyId: number; mobile: string }[],
    verifyCode: [] as { companyId: number; mobile: string; code: string }[],
    signOut: 0,
    stored: [] as LoginSession[],
    names: [] as string[],
    cleared: 0,
    success: [] as string[],
    errors: [] as string[],
    navigated: [] as string[],
  };
  const machine = authMachine.provide({
    actors: {
      requestCode: fromPromise<CodeSent, { companyId: number; mobile: string }>(({ input }) => {
        calls.requestCode.push(input);
        return new Promise((resolve, reject) => (pending.requestCode = { resolve, reject }));
      }),
      verifyCode: fromPromise<LoginSession, { companyId: number; mobile: string; code: string }>(({ input }) => {
        calls.verifyCode.push(input);
        return new Promise((resolve, reject) => (pending.verifyCode = { resolve, reject }));
      }),
      signOut: fromPromise<void>(() => {
        calls.signOut += 1;
        return new Promise((resolve, reject) => (pending.signOut = { resolve, reject }));
      }),
    },
    actions: {
      storeSession: (_, { session }) => void calls.stored.push(session),
      storeName: (_, { name }) => void calls.names.push(name),
      clearSession: () => void (calls.cleared += 1),
      notifySuccess: (_, { message }) => void calls.success.push(message),
      notifyError: (_, { message }) => void calls.errors.push(message),
      navigate: (_, { to }) => void calls.navigated.push(to),
    },
  });
  const actor = createActor(machine, { input: { companyId: 1, customer } }).start();
  return { actor, pending, calls };
}

// Promise callbacks run on the real event loop; only timers are fake.
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('normalizeIndianMobile', () => {
  it.each([
    ['98470 12345', '9847012345'],
    ['+91 98470-12345', '9847012345'],
    ['919847012345', '9847012345'],
    ['09847012345', '9847012345'],
    ['6000000000', '6000000000'],
    ['5847012345', null],
    ['+1 9847012345', null],
    ['98470', null],
    ['98470 1234x', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeIndianMobile(raw)).toBe(expected);
  });
});

describe('auth machine (actor)', () => {
  it('asks for a code, counts down the resend wait, resends, verifies and stores the session', async () => {
    const { actor, pending, calls } = harness();
    actor.send({ type: 'auth.start', companyId: 1, returnTo: null });
    actor.send({ type: 'auth.changeMobile', value: '+91 98470-12345' });
    actor.send({ type: 'auth.requestCode' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.requestCode).toEqual([{ companyId: 1, mobile: '9847012345' }]);
    pending.requestCode?.resolve({ ...SENT, ResendAfterSeconds: 30 });
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: { enteringCode: { countdown: 'waiting' } } })).toBe(true);
    expect(actor.getSnapshot().context.resendIn).toBe(30);

    vi.advanceTimersByTime(29 * RESEND_TICK_MS);
    expect(actor.getSnapshot().context.resendIn).toBe(1);
    actor.send({ type: 'auth.resend' });
    expect(calls.requestCode).toHaveLength(1);
    vi.advanceTimersByTime(RESEND_TICK_MS);
    expect(actor.getSnapshot().matches({ signedOut: { enteringCode: { countdown: 'canResend' } } })).toBe(true);

    actor.send({ type: 'auth.resend' });
    expect(calls.requestCode).toHaveLength(2);
    pending.requestCode?.resolve({ ...SENT, ResendAfterSeconds: 30 });
    await settle();
    expect(actor.getSnapshot().context.resendIn).toBe(30);

    actor.send({ type: 'auth.changeCode', value: '12 34-56' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'auth.verify' });
    expect(calls.verifyCode).toEqual([{ companyId: 1, mobile: '9847012345', code: '123456' }]);
    pending.verifyCode?.resolve(SESSION);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(calls.stored).toEqual([SESSION]);
    expect(calls.success).toEqual([AUTH_MESSAGES.loggedIn]);
    expect(calls.navigated).toEqual(['/']);
  });

  it('keeps counting down while a wrong code is checked, and shows the server’s message', async () => {
    const { actor, pending } = harness();
    actor.send({ type: 'auth.changeMobile', value: '9847012345' });
    actor.send({ type: 'auth.requestCode' });
    pending.requestCode?.resolve({ ...SENT, ResendAfterSeconds: 30 });
    await settle();
    actor.send({ type: 'auth.changeCode', value: '000000' });
    actor.send({ type: 'auth.verify' });
    vi.advanceTimersByTime(5 * RESEND_TICK_MS);
    pending.verifyCode?.reject(new Error('The code is not correct. 4 tries left.'));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ signedOut: { enteringCode: { code: 'editing' } } })).toBe(true);
    expect(snapshot.context.error).toBe('The code is not correct. 4 tries left.');
    expect(snapshot.context.resendIn).toBe(25);
  });

  it('refuses an invalid number or short code without calling the server', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'auth.changeMobile', value: '12345' });
    actor.send({ type: 'auth.requestCode' });
    expect(actor.getSnapshot().context.error).toBe(AUTH_MESSAGES.invalidMobile);
    expect(calls.requestCode).toEqual([]);
    actor.send({ type: 'auth.changeMobile', value: '12345 6' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each([
    [CART_RETURN, 'Meera', '/cart'],
    [CART_RETURN, '', '/cart'],
    [null, '', '/user_account/user_profile'],
    [null, 'Meera', '/'],
  ])('after login from %j with name %j goes to %s', async (returnTo, name, to) => {
    const { actor, pending, calls } = harness();
    actor.send({ type: 'auth.start', companyId: 1, returnTo });
    actor.send({ type: 'auth.changeMobile', value: '9847012345' });
    actor.send({ type: 'auth.requestCode' });
    pending.requestCode?.resolve(SENT);
    await settle();
    actor.send({ type: 'auth.changeCode', value: '123456' });
    actor.send({ type: 'auth.verify' });
    pending.verifyCode?.resolve({ ...SESSION, Name: name });
    await settle();
    expect(calls.navigated).toEqual([to]);
  });

  it('starts signed in from stored cookies; a 401 clears them, shows the timeout toast and goes home', () => {
    const { actor, calls } = harness({ customerId: 7, name: 'Meera' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'auth.nameChanged', name: 'Meera Nair' });
    expect(calls.names).toEqual(['Meera Nair']);
    expect(actor.getSnapshot().context.customer).toEqual({ customerId: 7, name: 'Meera Nair' });
    actor.send({ type: 'auth.expire' });
    expect(actor.getSnapshot().matches({ signedOut: 'enteringNumber' })).toBe(true);
    expect(calls.cleared).toBe(1);
    expect(calls.errors).toEqual(['Session Timeout. Please Login']);
    expect(calls.navigated).toEqual(['/']);
  });

  it('logs out: the server ends the session first, then the cookies are cleared and the customer goes home', async () => {
    const { actor, pending, calls } = harness({ customerId: 7, name: 'Meera' });
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.signOut).toBe(1);
    // The token is still needed for the call itself.
    expect(calls.cleared).toBe(0);
    actor.send({ type: 'auth.logout' });
    expect(calls.signOut).toBe(1);
    pending.signOut?.resolve();
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: 'enteringNumber' })).toBe(true);
    expect(actor.getSnapshot().context.customer).toBeNull();
    expect(calls.cleared).toBe(1);
    expect(calls.success).toEqual([AUTH_MESSAGES.loggedOut]);
    expect(calls.errors).toEqual([]);
    expect(calls.navigated).toEqual(['/']);
  });

  it.each([
    ['the call fails (offline)', (p: ReturnType<typeof harness>['pending']) => p.signOut?.reject(new Error('Failed to fetch'))],
    [
      'the server says the session was over already',
      (p: ReturnType<typeof harness>['pending']) => p.signOut?.reject(new Error('Your session has ended. Please log in again.')),
    ],
  ])('still logs out on this device when %s', async (_name, settleCall) => {
    const { actor, pending, calls } = harness({ customerId: 7, name: 'Meera' });
    actor.send({ type: 'auth.logout' });
    settleCall(pending);
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: 'enteringNumber' })).toBe(true);
    expect(calls.cleared).toBe(1);
    expect(calls.success).toEqual([AUTH_MESSAGES.loggedOut]);
    expect(calls.navigated).toEqual(['/']);
  });

  it('logs out on this device after SIGN_OUT_WAIT_MS when the server does not answer', () => {
    const { actor, calls } = harness({ customerId: 7, name: 'Meera' });
    actor.send({ type: 'auth.logout' });
    vi.advanceTimersByTime(SIGN_OUT_WAIT_MS - 1);
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(calls.cleared).toBe(0);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ signedOut: 'enteringNumber' })).toBe(true);
    expect(calls.cleared).toBe(1);
    expect(calls.success).toEqual([AUTH_MESSAGES.loggedOut]);
    expect(calls.navigated).toEqual(['/']);
  });

  it('does not call a 401 of the sign-out call a session timeout', async () => {
    const { actor, pending, calls } = harness({ customerId: 7, name: 'Meera' });
    actor.send({ type: 'auth.logout' });
    // The HTTP client reports every 401 of a call that carried a token.
    actor.send({ type: 'auth.expire' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    pending.signOut?.reject(new Error('Your session has ended. Please log in again.'));
    await settle();
    expect(calls.errors).toEqual([]);
    expect(calls.success).toEqual([AUTH_MESSAGES.loggedOut]);
    expect(calls.cleared).toBe(1);
  });
});

/**
 * The login flow as the customer meets it, without timers or calls: the model @xstate/graph
 * walks. Each model event is carried out on the real machine (typing, a server answer, one
 * tick of the clock), and each model state says what the real machine must show.
 */
// Server answers to a resend only exist while one is under way.
const resending = stateIn('#model.code.countdown.resending');

const loginModel = createMachine({
  id: 'model',
  initial: 'number',
  on: { LOGOUT: '.signingOut' },
  states: {
    // Whatever the server answers, or after the wait, the customer is logged out on this device.
    signingOut: { on: { SIGN_OUT_OK: 'number.blank', SIGN_OUT_FAILS: 'number.blank', SIGN_OUT_TIMES_OUT: 'number.blank' } },
    number: {
      initial: 'blank',
      on: { TYPE_VALID: '.valid', TYPE_BAD: '.bad' },
      states: {
        blank: { on: { REQUEST: 'blankShown', EXPIRE: 'blank' } },
        blankShown: { on: { EXPIRE: 'blank' } },
        bad: { on: { REQUEST: 'invalidShown', EXPIRE: 'bad' } },
        invalidShown: { on: { EXPIRE: 'bad' } },
        valid: { on: { REQUEST: '#model.requesting', EXPIRE: 'valid' } },
        refused: { on: { REQUEST: '#model.requesting', EXPIRE: 'valid' } },
      },
    },
    requesting: { on: { SERVER_SENDS: 'code', SERVER_REFUSES: 'number.refused', EXPIRE: 'number.valid' } },
    code: {
      type: 'parallel',
      on: { EDIT_NUMBER: 'number.valid', EXPIRE: 'number.valid' },
      states: {
        countdown: {
          initial: 'waiting2',
          states: {
            waiting2: { on: { TICK: 'waiting1' } },
            waiting1: { on: { TICK: 'canResend' } },
            canResend: { on: { RESEND: 'resending' } },
            resending: { on: { RESEND_OK: 'waiting2', RESEND_FAILS: 'canResend' } },
          },
        },
        entry: {
          initial: 'blank',
          states: {
            blank: {
              on: {
                TYPE_CODE: 'ready',
                TYPE_SHORT: 'blank',
                VERIFY: 'short',
                RESEND_OK: { target: 'blank', guard: resending },
                RESEND_FAILS: { target: 'blank', guard: resending },
              },
            },
            short: {
              on: {
                TYPE_CODE: 'ready',
                TYPE_SHORT: 'blank',
                RESEND_OK: { target: 'blank', guard: resending },
                RESEND_FAILS: { target: 'blank', guard: resending },
              },
            },
            ready: { on: { TYPE_SHORT: 'blank', VERIFY: 'verifying', RESEND_OK: { target: 'blank', guard: resending } } },
            verifying: { on: { SERVER_ACCEPTS: '#model.signedIn', SERVER_REJECTS: 'wrong' } },
            // A refused resend replaces the message but keeps the typed code.
            wrong: {
              on: {
                TYPE_CODE: 'ready',
                TYPE_SHORT: 'blank',
                VERIFY: 'verifying',
                RESEND_OK: { target: 'blank', guard: resending },
                RESEND_FAILS: { target: 'ready', guard: resending },
              },
            },
          },
        },
      },
    },
    signedIn: { on: { EXPIRE: 'number.valid' } },
  },
});

describe('auth machine (every shortest path of the login model)', () => {
  const paths = createTestModel(loginModel).getShortestPaths();

  it('covers every state of the model', () => {
    expect(paths.length).toBeGreaterThan(30);
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toContain(JSON.stringify('signedIn'));
    expect(reached).toContain(JSON.stringify({ code: { countdown: 'resending', entry: 'verifying' } }));
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      const real = () => h.actor.getSnapshot();
      const expectState = (value: object | string, busy: boolean) => {
        expect(real().matches(value as never)).toBe(true);
        expect(real().hasTag('busy')).toBe(busy);
      };
      const answer = async (run: () => void) => {
        run();
        await settle();
      };
      await path.test({
        states: {
          'number.blank': () => {
            expectState({ signedOut: 'enteringNumber' }, false);
            expect(real().context).toMatchObject({ mobile: '', error: null });
          },
          'number.bad': () => {
            expectState({ signedOut: 'enteringNumber' }, false);
            expect(real().context).toMatchObject({ mobile: '12345', error: null });
          },
          'number.blankShown': () => {
            expectState({ signedOut: 'enteringNumber' }, false);
            expect(real().context).toMatchObject({ mobile: '', error: AUTH_MESSAGES.invalidMobile });
          },
          'number.invalidShown': () => {
            expectState({ signedOut: 'enteringNumber' }, false);
            expect(real().context.error).toBe(AUTH_MESSAGES.invalidMobile);
          },
          'number.valid': () => {
            expectState({ signedOut: 'enteringNumber' }, false);
            expect(normalizeIndianMobile(real().context.mobile)).toBe('9847012345');
            expect(real().context.error).toBeNull();
          },
          'number.refused': () => {
            expectState({ signedOut: 'enteringNumber' }, false);
            expect(real().context.error).toBe('Please wait 12 s before asking for another code.');
          },
          requesting: () => {
            expectState({ signedOut: 'requesting' }, true);
            expect(h.calls.requestCode.at(-1)).toEqual({ companyId: 1, mobile: '9847012345' });
          },
          'code.countdown.waiting2': () => expect(real().context.resendIn).toBe(2),
          'code.countdown.waiting1': () => expect(real().context.resendIn).toBe(1),
          'code.countdown.canResend': () => {
            expect(real().matches({ signedOut: { enteringCode: { countdown: 'canResend' } } })).toBe(true);
            expect(real().context.resendIn).toBe(0);
          },
          'code.countdown.resending': () => {
            expect(real().matches({ signedOut: { enteringCode: { countdown: 'resending' } } })).toBe(true);
            expect(real().hasTag('busy')).toBe(true);
          },
          'code.entry.blank': () => {
            expect(real().matches({ signedOut: { enteringCode: { code: 'editing' } } })).toBe(true);
            expect(real().context.code).not.toMatch(/^\d{6}$/);
          },
          'code.entry.short': () => expect(real().context.error).toBe(AUTH_MESSAGES.invalidCode),
          'code.entry.ready': () => expect(real().context.code).toBe('123456'),
          'code.entry.verifying': () => {
            expect(real().matches({ signedOut: { enteringCode: { code: 'verifying' } } })).toBe(true);
            expect(h.calls.verifyCode.at(-1)).toEqual({ companyId: 1, mobile: '9847012345', code: '123456' });
          },
          'code.entry.wrong': () => expect(real().context.error).toBe('The code is not correct. 4 tries left.'),
          signingOut: () => {
            expectState('signingOut', true);
            expect(h.calls.signOut).toBeGreaterThan(0);
          },
          signedIn: () => {
            expectState('signedIn', false);
            expect(h.calls.stored).toEqual([SESSION]);
            expect(h.calls.navigated).toEqual(['/']);
          },
        },
        events: {
          TYPE_VALID: () => void h.actor.send({ type: 'auth.changeMobile', value: '98470 12345' }),
          TYPE_BAD: () => void h.actor.send({ type: 'auth.changeMobile', value: '12345' }),
          REQUEST: () => void h.actor.send({ type: 'auth.requestCode' }),
          SERVER_SENDS: () => answer(() => h.pending.requestCode?.resolve(SENT)),
          SERVER_REFUSES: () => answer(() => h.pending.requestCode?.reject(new Error('Please wait 12 s before asking for another code.'))),
          TICK: () => void vi.advanceTimersByTime(RESEND_TICK_MS),
          RESEND: () => void h.actor.send({ type: 'auth.resend' }),
          RESEND_OK: () => answer(() => h.pending.requestCode?.resolve(SENT)),
          RESEND_FAILS: () => answer(() => h.pending.requestCode?.reject(new Error('Please wait 3 s before asking for another code.'))),
          TYPE_CODE: () => void h.actor.send({ type: 'auth.changeCode', value: '123456' }),
          TYPE_SHORT: () => void h.actor.send({ type: 'auth.changeCode', value: '12' }),
          VERIFY: () => void h.actor.send({ type: 'auth.verify' }),
          SERVER_ACCEPTS: () => answer(() => h.pending.verifyCode?.resolve(SESSION)),
          SERVER_REJECTS: () => answer(() => h.pending.verifyCode?.reject(new Error('The code is not correct. 4 tries left.'))),
          EDIT_NUMBER: () => void h.actor.send({ type: 'auth.editNumber' }),
          EXPIRE: () => {
            const before = h.calls.errors.length;
            h.actor.send({ type: 'auth.expire' });
            expect(h.calls.errors.slice(before)).toEqual(['Session Timeout. Please Login']);
            expect(h.calls.navigated.at(-1)).toBe('/');
          },
          LOGOUT: () => void h.actor.send({ type: 'auth.logout' }),
          SIGN_OUT_OK: () => answer(() => h.pending.signOut?.resolve()),
          SIGN_OUT_FAILS: () => answer(() => h.pending.signOut?.reject(new Error('Failed to fetch'))),
          SIGN_OUT_TIMES_OUT: () => void vi.advanceTimersByTime(SIGN_OUT_WAIT_MS),
        },
      });
    });
  }
});

describe('the page a login returns to', () => {
  const session = (name: string): LoginSession => ({ Token: 't', CustomerId: 1, CompanyId: 1, Name: name, MobileNo: '9876543210' });
  it.each([
    ['/product/product_detail?productId=1&variantId=2', '/product/product_detail?productId=1&variantId=2'],
    ['https://evil.example/x', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/auth/login', null],
    ['', null],
    [null, null],
  ])('return_to %s → %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it('goes back to the named page, to the cart for the cart, else home or the profile', () => {
    expect(pathAfterLogin('/product/product_detail?productId=1', session(''))).toBe('/product/product_detail?productId=1');
    expect(pathAfterLogin(CART_RETURN, session('Meera'))).toBe('/cart');
    expect(pathAfterLogin('https://evil.example', session('Meera'))).toBe('/');
    expect(pathAfterLogin(null, session(''))).toBe('/user_account/user_profile');
  });
});
