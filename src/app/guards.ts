import { redirect } from 'react-router';
import { getCustomerId, getToken } from '../lib/session';

/** The fixed marker /cart puts in user_not_authentication when it sends a visitor to log in. */
export const CART_LOGIN_MARKER = 'cart';

/** /cart needs a stored customer id. */
export function requireCustomerId(): null {
  if (!getCustomerId()) throw redirect(`/auth/login?user_not_authentication=${CART_LOGIN_MARKER}`);
  return null;
}

/** /user_account/* needs a token, otherwise back to '/'. */
export function requireToken(): null {
  if (!getToken()) throw redirect('/');
  return null;
}

/** A logged-in visitor is kept off the login page. */
export function redirectIfLoggedIn(): null {
  if (getToken()) throw redirect('/user_account/user_profile');
  return null;
}
