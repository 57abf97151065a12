import { fromPromise } from 'xstate';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { getCustomerInfo, updateCustomer } from '../api/customer';
import { notify } from '../lib/notify';
import { appActor, joinApp, type AppActorRefs } from './app-system';

/** The profile machine with its real effects; a saved name also updates the session. */
function profileLogic() {
  return profileMachine.provide({
    actors: {
      loadProfile: fromPromise<Profile, { customerId: number }>(({ input }) => getCustomerInfo(input.customerId)),
      saveProfile: fromPromise<Profile, { customerId: number; name: string; email: string }>(({ input }) =>
        updateCustomer(input.customerId, { name: input.name, email: input.email }),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      nameChanged: (_, { name }) => appActor('auth')?.send({ type: 'auth.nameChanged', name }),
    },
  });
}

/** The profile actor (system id 'profile'), started the first time the profile page opens (its code loads with that page). */
export function profileActor(): AppActorRefs['profile'] {
  return appActor('profile') ?? joinApp('profile', profileLogic());
}
