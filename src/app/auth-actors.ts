import { fromPromise } from 'xstate';
import { authMachine, type CodeSent, type LoginSession } from '../../machines/auth.machine';
import { requestLoginCode, signOut, verifyLoginCode } from '../api/auth';
import { notify } from '../lib/notify';
import { clearSession, getCustomerId, getCustomerName, getToken, setCustomerName, storeSession } from '../lib/session';
import { joinApp } from './app-system';
import { currentShop } from './shop-context';

type Navigate = (to: string) => void;

// The router mounts after the actors start and hands its navigate over (router.tsx). A session
// timeout can come before that (a 401 on the first requests): its navigation waits for the
// router, so the page is not reloaded and the timeout toast stays on screen.
let navigator: Navigate | null = null;
let waiting: string | null = null;

export function setAuthNavigator(navigate: Navigate): void {
  navigator = navigate;
  if (waiting !== null) {
    const to = waiting;
    waiting = null;
    navigate(to);
  }
}

/** Navigates within the app (after the router has mounted). */
export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else waiting = to;
}

function storedCustomer(): { customerId: number; name: string } | null {
  const customerId = getCustomerId();
  return getToken() && customerId ? { customerId, name: getCustomerName() } : null;
}

/** The session actor (system id 'auth'): login with a one-time password, logout, session timeout. */
export function startAuthActor() {
  return joinApp(
    'auth',
    authMachine.provide({
      actors: {
        requestCode: fromPromise<CodeSent, { companyId: number; mobile: string }>(({ input }) => requestLoginCode(input.companyId, input.mobile)),
        verifyCode: fromPromise<LoginSession, { companyId: number; mobile: string; code: string }>(({ input }) =>
          verifyLoginCode(input.companyId, input.mobile, input.code),
        ),
        signOut: fromPromise<void>(() => signOut()),
      },
      actions: {
        storeSession: (_, { session }) =>
          storeSession({ token: session.Token, customerId: session.CustomerId, companyId: session.CompanyId, name: session.Name }),
        storeName: (_, { name }) => setCustomerName(name),
        clearSession: () => clearSession(),
        notifySuccess: (_, { message }) => notify.success(message),
        notifyError: (_, { message }) => notify.error(message),
        navigate: (_, { to }) => navigateTo(to),
      },
    }),
    { companyId: currentShop().companyId, customer: storedCustomer() },
  );
}
