/**
 * A page's code arriving after the app (spec section 9's lazily loaded screens; decision 010) as a
 * visitor lives it when they open the FAQ from the footer: the file arriving, failing once and
 * retried a second later, failing every time with the shop still on the same build (the error
 * screen and its Try again), and failing every time because a new build was deployed (the tab
 * reloads once onto it). Replayed in Chromium by tests/browser/paths-page-code.test.ts.
 */
import { setup } from 'xstate';
import { PAGE_CODE_ATTEMPTS, PAGE_CODE_RETRY_DELAYS_MS, pageCodeMachine } from '../../machines/page-code.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const pageCodePathModel = setup({}).createMachine({
  id: 'pageCodePaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'FAQ pressed: the layout stays, Loading the page where the page goes'),
      on: { CODE_ARRIVES: 'shown', CODE_FAILS: 'waiting', CODE_FAILS_EVERY_TIME: 'checkingBuild' },
    },
    shown: at('loaded', 'the FAQ page, without a reload'),
    waiting: {
      ...at('waiting', 'the download failed: still Loading the page, no error, no second download yet'),
      on: { RETRY_TIME_COMES: 'retrying' },
    },
    retrying: {
      ...at('loading', `${PAGE_CODE_RETRY_DELAYS_MS[0] / 1000} s later the page file is asked for again`),
      on: { CODE_ARRIVES: 'shownAfterRetry' },
    },
    shownAfterRetry: at('loaded', 'the FAQ page after one failed download, no error ever seen, no reload'),
    checkingBuild: {
      ...at('checkingBuild', `${PAGE_CODE_ATTEMPTS} downloads failed: the shop is asked which build it runs; still Loading the page`, ['waiting']),
      on: { SAME_BUILD_DEPLOYED: 'failed', NEWER_BUILD_DEPLOYED: 'reloaded' },
    },
    failed: {
      ...at('failed', 'the same build: Something went wrong! with Try again, no reload'),
      on: { TRY_AGAIN: 'shownAfterTryAgain' },
    },
    shownAfterTryAgain: at('loaded', 'Try again: the FAQ page, no reload', ['loading']),
    reloaded: at('loaded', 'a newer build: the tab reloaded once onto it and shows the FAQ page', ['reloading']),
  },
});

export const pageCodePaths: PathModel = {
  name: 'page-code',
  machine: pageCodeMachine,
  model: pageCodePathModel,
  transient: {},
  testFile: 'tests/browser/paths-page-code.test.ts',
};
