import { INVALID_MOBILE_MESSAGE } from '../contract/mobile-number.rules';
import type { CodeSent, LoginSession } from './auth.types';

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

/** What the code field keeps of what was typed or pasted: digits only, at most a code's length. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

const COMPLETE_CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export function isCompleteCode(code: string): boolean {
  return COMPLETE_CODE.test(code);
}

/** Seconds before another code may be asked for. */
export function resendSeconds(sent: CodeSent): number {
  return sent.ResendAfterSeconds || DEFAULT_RESEND_SECONDS;
}

/**
 * A page of the shop to come back to after login (`return_to`, e.g. a product a guest wanted to
 * be told about), or null: only a path of this site, never another address.
 */
export function safeReturnPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || raw.startsWith('/auth/')) return null;
  return raw;
}

/**
 * Back to the cart when it sent the visitor, or to the page a `return_to` named; otherwise a new
 * customer (no name yet) is asked for their name.
 */
export function pathAfterLogin(returnTo: string | null, session: LoginSession): string {
  if (returnTo === CART_RETURN) return AUTH_PATHS.cart;
  const back = safeReturnPath(returnTo);
  if (back) return back;
  return session.Name ? AUTH_PATHS.home : AUTH_PATHS.profile;
}
