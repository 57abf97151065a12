/**
 * The shop's company details (spec sections 3 and 4, the config store) as a visitor lives them on
 * the information pages: the terms opened on a fresh tab, a read that fails and its Try again,
 * and another information page opened from the footer, shown at once from what the tab has while
 * the details are read again, and kept when that read fails. Replayed in Chromium by
 * tests/browser/paths-config.test.ts.
 */
import { setup } from 'xstate';
import { configMachine } from '../../machines/config.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const configPathModel = setup({}).createMachine({
  id: 'configPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'Terms and conditions opened on a fresh tab: its title, and a skeleton where the text goes'),
      on: { DETAILS_ARRIVE: 'shown', DETAILS_FAIL: 'failed' },
    },
    shown: {
      ...at('fetched', 'the terms as the shop holds them, and its contact details in the footer'),
      on: { OPEN_THE_RETURN_POLICY: 'refreshing' },
    },
    failed: {
      ...at('error', 'We could not load this, with Try again'),
      on: { TRY_AGAIN: 'shownAfterRetry' },
    },
    shownAfterRetry: at('fetched', 'Try again: the terms as the shop holds them', ['loading']),
    refreshing: {
      ...at('loading', 'the return policy shown at once from what the tab has, no skeleton, while the details are read again'),
      on: { REFRESH_FAILS: 'refreshFailed' },
    },
    refreshFailed: at('error', 'the read again failed: the return policy stays, no error shown'),
  },
});

export const configPaths: PathModel = {
  name: 'config',
  machine: configMachine,
  model: configPathModel,
  transient: {},
  testFile: 'tests/browser/paths-config.test.ts',
};
