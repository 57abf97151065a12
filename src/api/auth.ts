import { getData, http } from '../lib/http';
import type { CodeSent, LoginSession } from '../../machines/auth.types';

/** POST Auth/OTP/login (no auth): texts a login code to the number. */
export function requestLoginCode(companyId: number, mobileNo: string): Promise<CodeSent> {
  return getData(http.post('Auth/OTP/login', { searchParams: { companyId, mobileNo, password: '', email: '' } }));
}

/** POST Auth/login (no auth): verifies the code and returns the signed session. */
export function verifyLoginCode(companyId: number, userName: string, otp: string): Promise<LoginSession> {
  return getData(http.post('Auth/login', { searchParams: { userName, password: '', companyId, otp } }));
}

/** POST Auth/logout (bearer): ends the session on the server, so its token is refused everywhere. */
export async function signOut(): Promise<void> {
  await getData<null>(http.post('Auth/logout'));
}
