import { assign, fromPromise, setup } from 'xstate';
import { INVALID_MOBILE_MESSAGE, normalizeIndianMobile } from '../contract/mobile-number.rules';

/** The answer of POST /api/Auth/OTP/login. */
export interface CodeSent {
  MobileNo: string;
  ExpiresInSeconds: number;
  ResendAfterSeconds: number;
}

/** The answer of POST /api/Auth/login. */
export interface LoginSession {
  Token: string;
  CustomerId: number;
  Name: string;
  CompanyId: number;
  MobileNo: string;
}

/** One second per tick of the resend countdown. */
export const RESEND_TICK_MS = 1000;
/** The longest logging out waits for the server to end the session before signing out on this device anyway. */
export const SIGN_OUT_WAIT_MS = 3000;
/** The wait before another code may be asked for, when the server does not say (it does: ResendAfterSeconds). */
export const DEFAULT_RESEND_SECONDS = 30;
export const CODE_LENGTH = 6;

/** Where /cart sends a visitor to log in; after login they go back there. */
export const CART_RETURN = 'cart';

export const AUTH_MESSAGES = {
  invalidMobile: INVALID_MOBILE_MESSAGE,
  invalidCode: 'Enter the 6-digit code we sent you.',
  cartReason: 'Please log in to view your cart.',
  sessionTimeout: 'Session Timeout. Please Login',
  loggedIn: 'You are logged in.',
  loggedOut: 'You are logged out.',
  failed: 'Something went wrong!',
} as const;

/** Section 2 routes the flow ends on. */
export const AUTH_PATHS = { home: '/', cart: '/cart', profile: '/user_account/user_profile' } as const;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_MESSAGES.failed;
}

export interface AuthContext {
  companyId: number;
  /** What the customer typed, then the normalised number once a code is sent. */
  mobile: string;
  code: string;
  /** Seconds until another code may be asked for. */
  resendIn: number;
  /** CART_RETURN when /cart sent the visitor here. */
  returnTo: string | null;
  error: string | null;
  customer: { customerId: number; name: string } | null;
}

export type AuthEvent =
  | { type: 'auth.start'; companyId: number; returnTo: string | null }
  | { type: 'auth.changeMobile'; value: string }
  | { type: 'auth.requestCode' }
  | { type: 'auth.changeCode'; value: string }
  | { type: 'auth.verify' }
  | { type: 'auth.resend' }
  | { type: 'auth.editNumber' }
  | { type: 'auth.nameChanged'; name: string }
  | { type: 'auth.logout' }
  | { type: 'auth.expire' };

export interface AuthInput {
  companyId: number;
  /** The customer stored in the session cookies, when there is one. */
  customer: { customerId: number; name: string } | null;
}

/** Signing out on this device, whatever the server said: cookies gone, the logged-out toast, home. */
const SIGNED_OUT_HERE = {
  target: 'signedOut',
  actions: [
    'clearSession',
    'forgetCustomer',
    { type: 'notifySuccess', params: { message: AUTH_MESSAGES.loggedOut } },
    { type: 'navigate', params: { to: AUTH_PATHS.home } },
  ],
} as const;

/**
 * The customer's session: login with a one-time password (number, code with resend countdown,
 * busy and error states), logout, and the session timeout after any 401.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    requestCode: fromPromise<CodeSent, { companyId: number; mobile: string }>(async () => {
      throw new Error('requestCode is not provided');
    }),
    verifyCode: fromPromise<LoginSession, { companyId: number; mobile: string; code: string }>(async () => {
      throw new Error('verifyCode is not provided');
    }),
    /** Ends the session on the server, so its token is refused everywhere. */
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut is not provided');
    }),
  },
  actions: {
    storeSession: (_, _params: { session: LoginSession }) => {},
    storeName: (_, _params: { name: string }) => {},
    clearSession: () => {},
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    forgetCustomer: assign({ customer: null, mobile: '', code: '', error: null, returnTo: null }),
  },
  guards: {
    hasSession: ({ context }) => context.customer !== null,
    mobileValid: ({ context }) => normalizeIndianMobile(context.mobile) !== null,
    codeComplete: ({ context }) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(context.code),
    resendDue: ({ context }) => context.resendIn <= 1,
  },
  delays: {
    RESEND_TICK: RESEND_TICK_MS,
    SIGN_OUT_WAIT: SIGN_OUT_WAIT_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    companyId: input.companyId,
    mobile: '',
    code: '',
    resendIn: 0,
    returnTo: null,
    error: null,
    customer: input.customer,
  }),
  initial: 'boot',
  on: {
    // Accepted in any state: cookies written by another tab still get cleared.
    'auth.logout': { target: '.signingOut' },
    // Any 401 on an authenticated call (section 8): whatever was going on, the session is over.
    'auth.expire': {
      target: '.signedOut',
      actions: [
        'clearSession',
        assign({ customer: null, code: '', error: null }),
        { type: 'notifyError', params: { message: AUTH_MESSAGES.sessionTimeout } },
        { type: 'navigate', params: { to: AUTH_PATHS.home } },
      ],
    },
  },
  states: {
    boot: {
      always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
    },
    // The server ends the session first; whatever it answers, or if it does not answer in time
    // (offline), the cookies are cleared here as well.
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: SIGNED_OUT_HERE,
        onError: SIGNED_OUT_HERE,
      },
      after: {
        SIGN_OUT_WAIT: SIGNED_OUT_HERE,
      },
      on: {
        'auth.logout': {},
        // A 401 of the sign-out call means the session was over already: still a logout, not a timeout.
        'auth.expire': {},
      },
    },
    signedOut: {
      initial: 'enteringNumber',
      on: {
        'auth.start': {
          target: '.enteringNumber',
          actions: assign({
            companyId: ({ event }) => event.companyId,
            returnTo: ({ event }) => event.returnTo,
            code: '',
            error: null,
          }),
        },
      },
      states: {
        enteringNumber: {
          on: {
            'auth.changeMobile': { actions: assign({ mobile: ({ event }) => event.value, error: null }) },
            'auth.requestCode': [
              { guard: 'mobileValid', target: 'requesting' },
              { actions: assign({ error: AUTH_MESSAGES.invalidMobile }) },
            ],
          },
        },
        requesting: {
          tags: ['busy'],
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({ companyId: context.companyId, mobile: normalizeIndianMobile(context.mobile) ?? context.mobile }),
            onDone: {
              target: 'enteringCode',
              actions: assign({
                mobile: ({ event }) => event.output.MobileNo,
                resendIn: ({ event }) => event.output.ResendAfterSeconds || DEFAULT_RESEND_SECONDS,
                code: '',
                error: null,
              }),
            },
            onError: { target: 'enteringNumber', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        enteringCode: {
          type: 'parallel',
          on: {
            'auth.editNumber': { target: 'enteringNumber', actions: assign({ code: '', error: null }) },
          },
          states: {
            countdown: {
              initial: 'waiting',
              states: {
                waiting: {
                  after: {
                    RESEND_TICK: [
                      { guard: 'resendDue', target: 'canResend', actions: assign({ resendIn: 0 }) },
                      { target: 'waiting', reenter: true, actions: assign({ resendIn: ({ context }) => context.resendIn - 1 }) },
                    ],
                  },
                },
                canResend: {
                  on: { 'auth.resend': 'resending' },
                },
                resending: {
                  tags: ['busy'],
                  invoke: {
                    id: 'resendCode',
                    src: 'requestCode',
                    input: ({ context }) => ({ companyId: context.companyId, mobile: context.mobile }),
                    onDone: {
                      target: 'waiting',
                      actions: assign({
                        resendIn: ({ event }) => event.output.ResendAfterSeconds || DEFAULT_RESEND_SECONDS,
                        code: '',
                        error: null,
                      }),
                    },
                    onError: { target: 'canResend', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
                  },
                },
              },
            },
            code: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'auth.changeCode': {
                      actions: assign({ code: ({ event }) => event.value.replace(/\D/g, '').slice(0, CODE_LENGTH), error: null }),
                    },
                    'auth.verify': [
                      { guard: 'codeComplete', target: 'verifying' },
                      { actions: assign({ error: AUTH_MESSAGES.invalidCode }) },
                    ],
                  },
                },
                verifying: {
                  tags: ['busy'],
                  invoke: {
                    id: 'verifyCode',
                    src: 'verifyCode',
                    input: ({ context }) => ({ companyId: context.companyId, mobile: context.mobile, code: context.code }),
                    onDone: {
                      target: '#auth.signedIn',
                      actions: [
                        { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                        assign({
                          customer: ({ event }) => ({ customerId: event.output.CustomerId, name: event.output.Name }),
                          code: '',
                          error: null,
                        }),
                        { type: 'notifySuccess', params: { message: AUTH_MESSAGES.loggedIn } },
                        {
                          type: 'navigate',
                          // Back to the cart when it sent the visitor; a new customer is asked for their name.
                          params: ({ context, event }) => ({
                            to: context.returnTo === CART_RETURN ? AUTH_PATHS.cart : event.output.Name ? AUTH_PATHS.home : AUTH_PATHS.profile,
                          }),
                        },
                      ],
                    },
                    onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
                  },
                },
              },
            },
          },
        },
      },
    },
    signedIn: {
      on: {
        'auth.nameChanged': {
          actions: [
            { type: 'storeName', params: ({ event }) => ({ name: event.name }) },
            assign({ customer: ({ context, event }) => (context.customer ? { ...context.customer, name: event.name } : null) }),
          ],
        },
      },
    },
  },
});
