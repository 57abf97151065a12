import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PROFILE_MESSAGES, profileMachine, profileProblem, type Profile } from '../../machines/profile.machine';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function harness(loaded: Profile, save: (input: { name: string; email: string }) => Promise<Profile>) {
  const calls = { saved: [] as { name: string; email: string }[], names: [] as string[], toasts: [] as string[] };
  const actor = createActor(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise<Profile, { customerId: number }>(async () => loaded),
        saveProfile: fromPromise<Profile, { customerId: number; name: string; email: string }>(({ input }) => {
          calls.saved.push({ name: input.name, email: input.email });
          return save(input);
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => void calls.toasts.push(message),
        nameChanged: (_, { name }) => void calls.names.push(name),
      },
    }),
  ).start();
  return { actor, calls };
}

const MEERA: Profile = { CustomerId: 7, Name: 'Meera', MobileNo: '9847012345', Email: '' };

describe('profile machine', () => {
  it('asks a new customer for a name at once and saves it', async () => {
    const { actor, calls } = harness({ ...MEERA, Name: '' }, async (input) => ({ ...MEERA, Name: input.name, Email: input.email }));
    actor.send({ type: 'profile.load', customerId: 7 });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'profile.changeName', value: 'M' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.error).toBe(PROFILE_MESSAGES.name);
    expect(calls.saved).toEqual([]);
    actor.send({ type: 'profile.changeName', value: ' Meera Nair ' });
    actor.send({ type: 'profile.changeEmail', value: 'meera@example.in' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(calls.saved).toEqual([{ name: 'Meera Nair', email: 'meera@example.in' }]);
    expect(calls.names).toEqual(['Meera Nair']);
    expect(calls.toasts).toEqual([PROFILE_MESSAGES.saved]);
  });

  it('keeps the form and shows the server’s message when saving fails', async () => {
    const { actor, calls } = harness(MEERA, async () => {
      throw new Error('Enter a valid email address, or leave it empty.');
    });
    actor.send({ type: 'profile.load', customerId: 7 });
    await settle();
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.changeName', value: 'Meera K' });
    actor.send({ type: 'profile.save' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Enter a valid email address, or leave it empty.');
    expect(calls.names).toEqual([]);
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().context.profile?.Name).toBe('Meera');
  });

  it('shows the failed load and reads the profile again on Try again', async () => {
    let loads = 0;
    const actor = createActor(
      profileMachine.provide({
        actors: {
          loadProfile: fromPromise<Profile, { customerId: number }>(async () => {
            loads += 1;
            if (loads === 1) throw new Error('The shop is not answering.');
            return MEERA;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'profile.load', customerId: 7 });
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('The shop is not answering.');
    actor.send({ type: 'profile.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.profile?.Name).toBe('Meera');
    expect(loads).toBe(2);
  });

  it.each([
    [{ name: 'Ravi', email: '' }, null],
    [{ name: 'D’Souza', email: 'a@b.in' }, null],
    [{ name: 'अनिता', email: '' }, null],
    [{ name: 'R', email: '' }, PROFILE_MESSAGES.name],
    [{ name: 'R2D2', email: '' }, PROFILE_MESSAGES.name],
    [{ name: 'Ravi', email: 'ravi@' }, PROFILE_MESSAGES.email],
  ])('profileProblem(%j) is %j', (draft, expected) => {
    expect(profileProblem(draft)).toBe(expected);
  });
});
