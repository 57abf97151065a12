import { createActor, fromPromise } from 'xstate';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { getCustomerInfo, updateCustomer } from '../api/customer';
import { notify } from '../lib/notify';
import { actorOptions } from './actor-options';
import { appActors } from './app-actors';

/** The profile page's actor; a saved name also updates the session. */
export function createProfileActor(onNameChanged: (name: string) => void) {
  return createActor(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise<Profile, { customerId: number }>(({ input }) => getCustomerInfo(input.customerId)),
        saveProfile: fromPromise<Profile, { customerId: number; name: string; email: string }>(({ input }) =>
          updateCustomer(input.customerId, { name: input.name, email: input.email }),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notify.success(message),
        nameChanged: (_, { name }) => onNameChanged(name),
      },
    }),
    actorOptions(),
  );
}

let profile: ReturnType<typeof createProfileActor> | null = null;

/** The profile actor, created and started the first time the profile page opens (its code loads with that page). */
export function profileActor(): ReturnType<typeof createProfileActor> {
  if (!profile) {
    profile = createProfileActor((name) => appActors().auth.send({ type: 'auth.nameChanged', name }));
    profile.start();
  }
  return profile;
}
