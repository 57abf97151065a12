import { getCustomerId, getToken } from '../lib/session';

/** The fixed marker /cart puts in user_not_authentication when it sends a visitor to log in. */
export const CART_LOGIN_MARKER = 'cart';

/** A route guard: null lets the visitor in, a path sends them there instead. */
export type Guard = () => string | null;

/** /cart needs a stored customer id. */
export const requireCustomerId: Guard = () => (getCustomerId() ? null : `/auth/login?user_not_authentication=${CART_LOGIN_MARKER}`);

/** /user_account/* needs a token, otherwise back to '/'. */
export const requireToken: Guard = () => (getToken() ? null : '/');

/** A logged-in visitor is kept off the login page. */
export const redirectIfLoggedIn: Guard = () => (getToken() ? '/user_account/user_profile' : null);
