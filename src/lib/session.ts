import Cookies from 'js-cookie';

/** Browser storage of section 3: cookies token, CustomerId, companyId, cuName. */
const COOKIE_NAMES = ['token', 'CustomerId', 'companyId', 'cuName'] as const;

function cookieOptions(): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { sameSite: 'Lax', secure, path: '/', expires: 7 };
}

export function getToken(): string | undefined {
  return Cookies.get('token') || undefined;
}

export function getCustomerId(): number | undefined {
  const raw = Cookies.get('CustomerId');
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function getCustomerName(): string {
  return Cookies.get('cuName') ?? '';
}

export function storeSession(session: { token: string; customerId: number; companyId: number; name: string }): void {
  const options = cookieOptions();
  Cookies.set('token', session.token, options);
  Cookies.set('CustomerId', String(session.customerId), options);
  Cookies.set('companyId', String(session.companyId), options);
  Cookies.set('cuName', session.name, options);
}

export function setCustomerName(name: string): void {
  Cookies.set('cuName', name, cookieOptions());
}

/** Clears every cookie of the session (logout and session timeout). */
export function clearSession(): void {
  for (const name of COOKIE_NAMES) Cookies.remove(name, { path: '/' });
}
