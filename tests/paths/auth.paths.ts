/**
 * Logging in with a one-time password and logging out (spec sections 2, 6, 7 and 8) as a new
 * customer lives it on the login page: the number refused, the code sent (or not), a wrong code,
 * five wrong codes, an expired code, the resend countdown and a resend the server refuses or
 * sends, then the logout, answered or not. The server's own clock is moved on by ageing the
 * code in its database. Replayed in Chromium by tests/browser/paths-auth.test.ts.
 */
import { setup } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const authPathModel = setup({}).createMachine({
  id: 'authPaths',
  initial: 'loginPage',
  states: {
    loginPage: {
      ...at('signedOut.enteringNumber', 'the login page asking for a mobile number'),
      on: { ENTER_A_SHORT_NUMBER: 'numberRefused' },
    },
    numberRefused: {
      ...at('signedOut.enteringNumber', 'Enter a valid 10-digit Indian mobile number., nothing sent'),
      on: { GET_CODE: 'requesting' },
    },
    requesting: {
      ...at('signedOut.requesting', 'Get code pressed: Sending code'),
      on: { CODE_SENT: 'codeSent', SEND_FAILS: 'sendFailed' },
    },
    sendFailed: at('signedOut.enteringNumber', 'the number kept, with why no code was sent'),
    codeSent: {
      ...at('signedOut.enteringCode.code.editing', 'Code sent to the number, Resend code in 30 s', ['signedOut.enteringCode.countdown.waiting']),
      on: {
        ENTER_A_WRONG_CODE: 'wrongCode',
        ENTER_THE_CODE: 'verifying',
        CODE_EXPIRES_THEN_ENTER_IT: 'expired',
        COUNTDOWN_ENDS: 'canResend',
      },
    },
    wrongCode: {
      ...at('signedOut.enteringCode.code.editing', 'The code is not correct. 4 tries left.'),
      on: { FOUR_MORE_WRONG_CODES: 'locked' },
    },
    locked: at('signedOut.enteringCode.code.editing', 'Too many wrong tries. Ask for a new code.'),
    expired: at('signedOut.enteringCode.code.editing', 'The code has expired. Ask for a new code.'),
    canResend: {
      ...at('signedOut.enteringCode.countdown.canResend', 'the countdown over: Resend code'),
      on: { RESEND: 'resending' },
    },
    resending: {
      ...at('signedOut.enteringCode.countdown.resending', 'Resend code pressed, a new code being asked for'),
      on: { SERVER_SAYS_WAIT: 'resendRefused', NEW_CODE_SENT: 'resent' },
    },
    resendRefused: at('signedOut.enteringCode.countdown.canResend', "the server's wait before another code, Resend code still offered"),
    resent: at('signedOut.enteringCode.countdown.waiting', 'a second code texted, the countdown from 30 s again'),
    verifying: {
      ...at('signedOut.enteringCode.code.verifying', 'Verify and log in pressed: Checking code'),
      on: { CODE_ACCEPTED: 'signedIn' },
    },
    signedIn: {
      ...at('signedIn', 'You are logged in., a new customer asked for a name on the profile page'),
      on: { LOG_OUT: 'signingOut' },
    },
    signingOut: {
      ...at('signingOut', 'Log out pressed, the server ending the session'),
      on: { SESSION_ENDS: 'signedOut', NO_ANSWER_FOR_3_S: 'signedOutHere' },
    },
    signedOut: at('signedOut.enteringNumber', 'You are logged out., home, the old token refused by the server'),
    signedOutHere: at('signedOut.enteringNumber', 'You are logged out. after 3 s without an answer: this phone signed out anyway'),
  },
});

export const authPaths: PathModel = {
  name: 'auth',
  machine: authMachine,
  model: authPathModel,
  transient: {
    boot: 'an eventless choice between signedIn and signedOut at start, left in the same step',
  },
  testFile: 'tests/browser/paths-auth.test.ts',
};
