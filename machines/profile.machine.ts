import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './failure-message.rules';

/** The profile fields this machine reads (GET Customer/info). */
export interface Profile {
  CustomerId: number;
  Name: string;
  MobileNo: string;
  Email: string;
}

export const PROFILE_MESSAGES = {
  name: 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).',
  email: 'Enter a valid email address, or leave it empty.',
  saved: 'Your profile is saved.',
  loadFailed: 'Could not load your profile.',
} as const;

const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]{1,59}$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The same rules the server applies, checked first so the customer hears at once. */
export function profileProblem(draft: { name: string; email: string }): string | null {
  if (!NAME_PATTERN.test(draft.name.trim().replace(/\s+/g, ' '))) return PROFILE_MESSAGES.name;
  const email = draft.email.trim();
  if (email !== '' && (email.length > 120 || !EMAIL_PATTERN.test(email))) return PROFILE_MESSAGES.email;
  return null;
}

export interface ProfileContext {
  customerId: number | null;
  profile: Profile | null;
  draft: { name: string; email: string };
  error: string | null;
}

export type ProfileEvent =
  | { type: 'profile.load'; customerId: number }
  | { type: 'profile.retry' }
  | { type: 'profile.edit' }
  | { type: 'profile.changeName'; value: string }
  | { type: 'profile.changeEmail'; value: string }
  | { type: 'profile.save' }
  | { type: 'profile.cancel' };

/** The profile page: load, view, edit with validation, save (busy), success toast. */
export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromPromise<Profile, { customerId: number }>(async () => {
      throw new Error('loadProfile is not provided');
    }),
    saveProfile: fromPromise<Profile, { customerId: number; name: string; email: string }>(async () => {
      throw new Error('saveProfile is not provided');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    /** Tells the session the new name (the cuName cookie). */
    nameChanged: (_, _params: { name: string }) => {},
  },
  guards: {
    draftValid: ({ context }) => profileProblem(context.draft) === null,
    nameMissing: ({ context }) => !context.profile?.Name,
    hasName: ({ context }) => Boolean(context.profile?.Name),
  },
}).createMachine({
  id: 'profile',
  context: { customerId: null, profile: null, draft: { name: '', email: '' }, error: null },
  initial: 'idle',
  on: {
    'profile.load': { target: '.loading', actions: assign({ customerId: ({ event }) => event.customerId, error: null }) },
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ customerId: context.customerId ?? 0 }),
        onDone: {
          target: 'loaded',
          actions: assign({
            profile: ({ event }) => event.output,
            draft: ({ event }) => ({ name: event.output.Name, email: event.output.Email }),
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error, PROFILE_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: {
      on: { 'profile.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    loaded: {
      // A customer who has not told us their name yet goes straight to the form.
      always: [{ guard: 'nameMissing', target: 'editing' }, { target: 'viewing' }],
    },
    viewing: {
      on: {
        'profile.edit': {
          target: 'editing',
          actions: assign({ draft: ({ context }) => ({ name: context.profile?.Name ?? '', email: context.profile?.Email ?? '' }), error: null }),
        },
      },
    },
    editing: {
      on: {
        'profile.changeName': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, name: event.value }), error: null }) },
        'profile.changeEmail': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, email: event.value }), error: null }) },
        'profile.save': [{ guard: 'draftValid', target: 'saving' }, { actions: assign({ error: ({ context }) => profileProblem(context.draft) }) }],
        'profile.cancel': { guard: 'hasName', target: 'viewing', actions: assign({ error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ customerId: context.customerId ?? 0, name: context.draft.name.trim(), email: context.draft.email.trim() }),
        onDone: {
          target: 'viewing',
          actions: [
            assign({ profile: ({ event }) => event.output, error: null }),
            { type: 'nameChanged', params: ({ event }) => ({ name: event.output.Name }) },
            { type: 'notifySuccess', params: { message: PROFILE_MESSAGES.saved } },
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error, PROFILE_MESSAGES.loadFailed) }) },
      },
    },
  },
});
