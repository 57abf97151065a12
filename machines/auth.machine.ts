import { assign, fromPromise, setup } from 'xstate';
import { normalizeIndianMobile } from '../contract/mobile-number.rules';
import { AUTH_MESSAGES, AUTH_PATHS, codeDigits, isCompleteCode, pathAfterLogin, RESEND_TICK_MS, resendSeconds, SIGN_OUT_WAIT_MS } from './auth.rules';
import type { AuthContext, AuthEvent, AuthInput, CodeSent, LoginSession } from './auth.types';
import { messageOf } from './failure-message.rules';
import { notProvided } from './not-provided';

/** The app root provides the machine with these. */
export type { CodeSent, LoginSession } from './auth.types';

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
    requestCode: fromPromise<CodeSent, { companyId: number; mobile: string }>(async () => notProvided('requestCode')),
    verifyCode: fromPromise<LoginSession, { companyId: number; mobile: string; code: string }>(async () => notProvided('verifyCode')),
    /** Ends the session on the server, so its token is refused everywhere. */
    signOut: fromPromise<void>(async () => notProvided('signOut')),
  },
  actions: {
    storeSession: (_, _params: { session: LoginSession }) => {},
    storeName: (_, _params: { name: string }) => {},
    clearSession: () => {},
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    forgetCustomer: assign({ customer: null, mobile: '', code: '', error: null, returnTo: null }),
    /** A code was sent (or sent again): the countdown starts afresh and the field is cleared. */
    takeCodeSent: assign((_, sent: CodeSent) => ({ resendIn: resendSeconds(sent), code: '', error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, AUTH_MESSAGES.failed) })),
    takeSession: assign((_, session: LoginSession) => ({ customer: { customerId: session.CustomerId, name: session.Name }, code: '', error: null })),
  },
  guards: {
    hasSession: ({ context }) => context.customer !== null,
    mobileValid: ({ context }) => normalizeIndianMobile(context.mobile) !== null,
    codeComplete: ({ context }) => isCompleteCode(context.code),
    resendDue: ({ context }) => context.resendIn <= 1,
  },
  delays: {
    RESEND_TICK: RESEND_TICK_MS,
    SIGN_OUT_WAIT: SIGN_OUT_WAIT_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ companyId: input.companyId, mobile: '', code: '', resendIn: 0, returnTo: null, error: null, customer: input.customer }),
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
      invoke: { id: 'signOut', src: 'signOut', onDone: SIGNED_OUT_HERE, onError: SIGNED_OUT_HERE },
      after: { SIGN_OUT_WAIT: SIGNED_OUT_HERE },
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
          actions: assign(({ event }) => ({ companyId: event.companyId, returnTo: event.returnTo, code: '', error: null })),
        },
      },
      states: {
        enteringNumber: {
          on: {
            'auth.changeMobile': { actions: assign({ mobile: ({ event }) => event.value, error: null }) },
            'auth.requestCode': [{ guard: 'mobileValid', target: 'requesting' }, { actions: assign({ error: AUTH_MESSAGES.invalidMobile }) }],
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
              actions: [assign({ mobile: ({ event }) => event.output.MobileNo }), { type: 'takeCodeSent', params: ({ event }) => event.output }],
            },
            onError: { target: 'enteringNumber', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
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
                    onDone: { target: 'waiting', actions: { type: 'takeCodeSent', params: ({ event }) => event.output } },
                    onError: { target: 'canResend', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
            code: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'auth.changeCode': { actions: assign({ code: ({ event }) => codeDigits(event.value), error: null }) },
                    'auth.verify': [{ guard: 'codeComplete', target: 'verifying' }, { actions: assign({ error: AUTH_MESSAGES.invalidCode }) }],
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
                        { type: 'takeSession', params: ({ event }) => event.output },
                        { type: 'notifySuccess', params: { message: AUTH_MESSAGES.loggedIn } },
                        { type: 'navigate', params: ({ context, event }) => ({ to: pathAfterLogin(context.returnTo, event.output) }) },
                      ],
                    },
                    onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
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
