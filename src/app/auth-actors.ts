import { createActor, fromPromise } from 'xstate';
import { authMachine, type CodeSent, type LoginSession } from '../../machines/auth.machine';
import { requestLoginCode, verifyLoginCode } from '../api/auth';
import { notify } from '../lib/notify';
import { clearSession, getCustomerId, getCustomerName, getToken, setCustomerName, storeSession } from '../lib/session';
import { actorOptions } from './actor-options';
import { currentShop } from './shop-context';

type Navigate = (to: string) => void;

// The router mounts after the actors start; it hands its navigate over (router.tsx).
let navigator: Navigate = (to) => window.location.assign(to);

export function setAuthNavigator(navigate: Navigate): void {
  navigator = navigate;
}

function storedCustomer(): { customerId: number; name: string } | null {
  const customerId = getCustomerId();
  return getToken() && customerId ? { customerId, name: getCustomerName() } : null;
}

/** The session actor: login with a one-time password, logout, session timeout. */
export function createAuthActor() {
  return createActor(
    authMachine.provide({
      actors: {
        requestCode: fromPromise<CodeSent, { companyId: number; mobile: string }>(({ input }) => requestLoginCode(input.companyId, input.mobile)),
        verifyCode: fromPromise<LoginSession, { companyId: number; mobile: string; code: string }>(({ input }) =>
          verifyLoginCode(input.companyId, input.mobile, input.code),
        ),
      },
      actions: {
        storeSession: (_, { session }) =>
          storeSession({ token: session.Token, customerId: session.CustomerId, companyId: session.CompanyId, name: session.Name }),
        storeName: (_, { name }) => setCustomerName(name),
        clearSession: () => clearSession(),
        notifySuccess: (_, { message }) => notify.success(message),
        notifyError: (_, { message }) => notify.error(message),
        navigate: (_, { to }) => navigator(to),
      },
    }),
    actorOptions({ input: { companyId: currentShop().companyId, customer: storedCustomer() } }),
  );
}
