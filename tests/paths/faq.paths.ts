/**
 * The FAQ page (spec section 9's read of FAQ/common, through the resource machine shared with the
 * cart's slot and coupon panels) as a visitor lives it on /FAQ: the questions, a read that gets
 * no answer and its Try again, a server error answered by the machine's own retry after a
 * second, and a server that keeps failing until the retries are spent. Replayed in Chromium by
 * tests/browser/paths-faq.test.ts.
 */
import { setup } from 'xstate';
import { faqMachine, QUERY_RETRIES } from '../../machines/resource.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const faqPathModel = setup({}).createMachine({
  id: 'faqPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'FAQ opened: Loading questions, skeleton rows'),
      on: { FAQ_ARRIVES: 'shown', FAQ_GETS_NO_ANSWER: 'noAnswer', SERVER_FAILS_ONCE: 'askedAgain', SERVER_KEEPS_FAILING: 'gaveUp' },
    },
    shown: at('fetched', 'the questions the shop holds, the first answer open'),
    noAnswer: {
      ...at('error', 'no answer: We could not load the questions, with Try again'),
      on: { TRY_AGAIN: 'shownAfterRetry' },
    },
    shownAfterRetry: at('fetched', 'Try again: the questions shown', ['loading']),
    askedAgain: {
      ...at('loading', 'the server failed once: still Loading questions, no error, asked again a second later', ['retrying']),
      on: { SERVER_ANSWERS: 'shownAfterServerRecovers' },
    },
    shownAfterServerRecovers: at('fetched', 'the second answer: the questions shown, no error ever seen'),
    gaveUp: at('error', `the server failed every time: asked ${QUERY_RETRIES + 1} times, then its message with Try again`, ['retrying']),
  },
});

export const faqPaths: PathModel = {
  name: 'faq',
  machine: faqMachine,
  model: faqPathModel,
  transient: {},
  testFile: 'tests/browser/paths-faq.test.ts',
};
