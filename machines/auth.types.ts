/** Shapes of the login flow shared by its machine, the API client, the app root that provides it and the views. */

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
