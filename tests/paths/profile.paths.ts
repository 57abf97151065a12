/**
 * My profile (spec section 8) as a signed-in customer with a name lives it: the name, email and
 * mobile, a load that fails and Try again, the form opened and cancelled, an email the shop refuses before it
 * asks the server, a save that fails and is pressed again, and the saved profile. Replayed in
 * Chromium by tests/browser/paths-profile.test.ts.
 */
import { setup } from 'xstate';
import { profileMachine } from '../../machines/profile.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const profilePathModel = setup({}).createMachine({
  id: 'profilePaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'My profile opened: Loading your profile…', ['idle']),
      on: { PROFILE_ARRIVES: 'viewing', PROFILE_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('loadFailed', 'the profile could not be loaded: We could not load your profile, with Try again'),
      on: { TRY_AGAIN: 'reloaded' },
    },
    reloaded: at('viewing', 'Try again read the profile: the name, email and mobile as the server holds them', ['loading', 'loaded']),
    viewing: {
      ...at('viewing', 'the name, email and mobile as the server holds them, with Edit profile', ['loaded']),
      on: { EDIT: 'editing' },
    },
    editing: {
      ...at('editing', 'the form with the name and email filled in, Cancel and Save'),
      on: { CANCEL: 'cancelled', ENTER_A_BAD_EMAIL_AND_SAVE: 'invalid' },
    },
    cancelled: at('viewing', 'Cancel: the details as before, nothing saved'),
    invalid: {
      ...at('editing', 'Enter a valid email address under the email, nothing sent'),
      on: { CHANGE_NAME_AND_EMAIL_AND_SAVE: 'saving' },
    },
    saving: {
      ...at('saving', 'Save pressed: Saving, Cancel disabled, nothing saved yet'),
      on: { SAVE_FAILS: 'saveFailed' },
    },
    saveFailed: {
      ...at('editing', 'the save failed: an alert, the form still holding the new name'),
      on: { SAVE_AGAIN: 'saved' },
    },
    saved: at('viewing', 'Your profile is saved: the new name and email shown and held by the server', ['saving']),
  },
});

export const profilePaths: PathModel = {
  name: 'profile',
  machine: profileMachine,
  model: profilePathModel,
  transient: {},
  testFile: 'tests/browser/paths-profile.test.ts',
};
