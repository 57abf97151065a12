import { assign, not, setup, type SnapshotFrom } from 'xstate';
import {
  cartFigures,
  COUNT_ANIMATION_MS,
  COUNT_FRAMES,
  countStep,
  formatBannerAmount,
  initialContext,
  isBannerPath,
  remaining,
  remainingAmount,
  UNLOCK_FLASH_MS,
  type CartFigures,
} from './banner.rules';
import type { BannerContext, BannerEvent, BannerInput, BannerLine } from './banner.types';

/** The app root reads the threshold from the shop's settings with this. */
export { freeDeliveryThreshold } from './banner.rules';

/**
 * Free-delivery banner (spec sections 2, 4, 5 and 9). The view renders `bannerText` when
 * `bannerVisible`; everything the banner decides, including its timers, lives here.
 */

/** A changed cart's figures, worked out from the event for the guard and the action that take it. */
const figuresOfCart = ({ context, event }: { context: BannerContext; event: { lines: readonly BannerLine[] } }) => cartFigures(context.threshold, event.lines);
const TAKE_CART = { type: 'takeCart', params: figuresOfCart } as const;

export const bannerMachine = setup({
  types: {
    context: {} as BannerContext,
    events: {} as BannerEvent,
    input: {} as BannerInput,
  },
  delays: {
    COUNT_FRAME: COUNT_ANIMATION_MS / COUNT_FRAMES,
    UNLOCK_FLASH: UNLOCK_FLASH_MS,
  },
  guards: {
    canShow: ({ context }) => context.threshold !== null && context.loggedIn && isBannerPath(context.path),
    noEligibleValue: ({ context }) => context.eligible <= 0,
    stillToBuy: ({ context }) => remaining(context) > 0,
    unlockNotShown: ({ context }) => !context.unlockShown,
    atOrOverThreshold: (_, figures: CartFigures) => !figures.stillToBuy,
    thresholdChanged: ({ context, event }) => event.type === 'banner.configChanged' && event.threshold !== context.threshold,
    lastFrame: ({ context }) => context.animation.frame + 1 >= COUNT_FRAMES,
  },
  actions: {
    // Re-arm the unlock flash once the amount rises above 0 again (section 4).
    takeCart: assign(({ context }, { eligible, stillToBuy }: CartFigures) => ({ eligible, unlockShown: stillToBuy ? false : context.unlockShown })),
    takeConfig: assign(({ context, event }) =>
      event.type === 'banner.configChanged' ? { threshold: event.threshold, currency: event.currency, decimals: event.decimals ?? context.decimals } : {},
    ),
    // Counting up from an unlocked cart starts at 0, never from a negative amount.
    startCount: assign(({ context }) => {
      const from = Math.max(0, context.shownRemaining);
      return { shownRemaining: from, animation: { from, to: remaining(context), frame: 0 } };
    }),
    stepCount: assign(({ context }) => countStep(context.animation)),
    landCount: assign(({ context }) => ({ shownRemaining: remaining(context) })),
    showThreshold: assign(({ context }) => ({ shownRemaining: context.threshold ?? 0 })),
    markUnlockShown: assign({ unlockShown: true }),
  },
}).createMachine({
  id: 'banner',
  context: ({ input }) => initialContext(input),
  initial: 'hidden',
  on: {
    'banner.configChanged': { actions: 'takeConfig' },
    'banner.sessionChanged': { actions: assign({ loggedIn: ({ event }) => event.loggedIn }) },
    'banner.pathChanged': { actions: assign({ path: ({ event }) => event.path }) },
    'banner.cartChanged': { actions: TAKE_CART },
    'banner.notificationChanged': { actions: assign({ notificationVisible: ({ event }) => event.visible }) },
    'banner.screenChanged': { actions: assign({ smallScreen: ({ event }) => event.small }) },
  },
  states: {
    hidden: {
      always: { guard: 'canShow', target: 'active' },
    },
    active: {
      initial: 'deciding',
      // Checked after every event, whichever sub-state is active.
      always: { guard: not('canShow'), target: 'hidden' },
      on: {
        'banner.cartChanged': { target: '.deciding', actions: TAKE_CART },
        'banner.configChanged': [{ guard: 'thresholdChanged', target: '.deciding', actions: 'takeConfig' }, { actions: 'takeConfig' }],
      },
      states: {
        deciding: {
          always: [
            { guard: 'noEligibleValue', target: 'noValue' },
            { guard: 'stillToBuy', target: 'partway' },
            { guard: 'unlockNotShown', target: 'unlocked' },
            { target: 'unlockedDone' },
          ],
        },
        noValue: {
          tags: ['visible'],
          entry: 'showThreshold',
        },
        partway: {
          tags: ['visible'],
          initial: 'counting',
          entry: 'startCount',
          states: {
            counting: {
              after: {
                COUNT_FRAME: [
                  { guard: 'lastFrame', target: 'settled', actions: 'stepCount' },
                  { target: 'counting', reenter: true, actions: 'stepCount' },
                ],
              },
            },
            settled: { entry: 'landCount' },
          },
        },
        unlocked: {
          tags: ['visible'],
          entry: ['markUnlockShown', 'landCount'],
          on: {
            // A repeat of the same cart (the live push after a change) must not cut the flash short.
            'banner.cartChanged': { guard: { type: 'atOrOverThreshold', params: figuresOfCart }, actions: TAKE_CART },
          },
          after: { UNLOCK_FLASH: 'unlockedDone' },
        },
        unlockedDone: {
          entry: 'landCount',
        },
      },
    },
  },
});

export type BannerSnapshot = SnapshotFrom<typeof bannerMachine>;

/** Section 2: on small screens the banner hides while a notification is visible. */
export function bannerVisible(snapshot: BannerSnapshot): boolean {
  const { smallScreen, notificationVisible } = snapshot.context;
  return snapshot.hasTag('visible') && !(smallScreen && notificationVisible);
}

/** The banner's text in its current state (section 2), or null when it shows nothing. */
export function bannerText(snapshot: BannerSnapshot): string | null {
  const { currency, threshold, shownRemaining, decimals } = snapshot.context;
  if (snapshot.matches({ active: 'noValue' })) {
    return `FREE DELIVERY on order above ${currency} ${formatBannerAmount(threshold ?? 0, decimals)}`;
  }
  if (snapshot.matches({ active: 'partway' })) {
    return `FREE DELIVERY shop for ${currency} ${formatBannerAmount(shownRemaining, decimals)} more to unlock`;
  }
  if (snapshot.matches({ active: 'unlocked' })) return 'FREE DELIVERY UNLOCKED!';
  return null;
}

/**
 * What a screen reader hears: the banner's text with the real remaining amount, so the 600 ms
 * count does not announce every frame; '' when the banner shows nothing.
 */
export function bannerAnnouncement(snapshot: BannerSnapshot): string {
  if (!bannerVisible(snapshot)) return '';
  const { currency, threshold, eligible, decimals } = snapshot.context;
  if (snapshot.matches({ active: 'partway' })) {
    return `FREE DELIVERY shop for ${currency} ${formatBannerAmount(remainingAmount(threshold ?? 0, eligible), decimals)} more to unlock`;
  }
  return bannerText(snapshot) ?? '';
}
