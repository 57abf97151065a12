import { assign, setup } from 'xstate';

/** Section 9: the redirect countdown after a payment popup lasts 5 s, shown second by second. */
export const REDIRECT_COUNTDOWN_SECONDS = 5;
const ONE_SECOND = 1000;

/**
 * The countdown of a payment result popup ('Redirecting in N seconds...'). It finishes after
 * REDIRECT_COUNTDOWN_SECONDS; its parent decides where to go.
 */
export const paymentPopupMachine = setup({
  types: {
    context: {} as { secondsLeft: number },
  },
  delays: { TICK: ONE_SECOND },
  guards: {
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
}).createMachine({
  id: 'paymentPopup',
  context: { secondsLeft: REDIRECT_COUNTDOWN_SECONDS },
  initial: 'counting',
  states: {
    counting: {
      after: {
        TICK: [
          { guard: 'lastSecond', target: 'done', actions: assign({ secondsLeft: 0 }) },
          { target: 'counting', reenter: true, actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
        ],
      },
    },
    done: { type: 'final' },
  },
});
