import { assign, not, setup, type SnapshotFrom } from 'xstate';
import { formatMoney } from '../contract/money.rules';
import { DELIVERY_OFFER_SETTING } from '../contract/settings.keys';

/**
 * Free-delivery banner (spec sections 2, 4, 5 and 9). The view renders `bannerText` when
 * `bannerVisible`; everything the banner decides, including its timers, lives here.
 */

/** Remaining-amount count animation of section 9. */
export const COUNT_ANIMATION_MS = 600;
/** The animation is drawn in this many steps. */
export const COUNT_FRAMES = 12;
/** 'FREE DELIVERY UNLOCKED!' shows this long (section 9: unlock flash 2 s). */
export const UNLOCK_FLASH_MS = 2000;

/** The cart product fields section 3 says the banner reads. */
export interface BannerLine {
  active: boolean;
  isVariantEnabled: boolean;
  variantId: number;
  variantActive: boolean;
  isStockAvailable: boolean;
  oRate: number | null;
  sRate: number;
  cartQty: number;
}

/** Section 5: active, in stock, and a variant state consistent with the product. */
export function isEligibleLine(line: BannerLine): boolean {
  if (!line.active || !line.isStockAvailable || !(line.cartQty > 0)) return false;
  if (line.isVariantEnabled) return line.variantId > 0 && line.variantActive;
  return !line.variantId;
}

/** Section 5: offer rate if present, else selling rate, times quantity. */
export function lineValue(line: BannerLine): number {
  const rate = line.oRate !== null && line.oRate > 0 ? line.oRate : line.sRate;
  return rate * line.cartQty;
}

const toPaisa = (rupees: number) => Math.round(rupees * 100) / 100;

/** The cart value that counts towards free delivery. */
export function eligibleAmount(lines: readonly BannerLine[]): number {
  return toPaisa(lines.filter(isEligibleLine).reduce((sum, line) => sum + lineValue(line), 0));
}

/** What is still to buy before delivery is free (≤ 0 once unlocked). */
export function remainingAmount(threshold: number, eligible: number): number {
  return toPaisa(threshold - eligible);
}

/** Section 2: '/', and /product, /cart, /home with their sub-paths (so /product/product_detail too). */
export function isBannerPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '/' || /^\/(product|cart|home)(\/|$)/.test(path);
}

/** The free-delivery amount when its setting is active and a positive number, else null. */
export function freeDeliveryThreshold(settings: readonly { KeyCode: string; Value: string; Active: boolean }[]): number | null {
  const setting = settings.find((s) => s.KeyCode === DELIVERY_OFFER_SETTING);
  if (!setting || !setting.Active) return null;
  const value = Number(setting.Value);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The company's decimal places and Indian grouping, as every other price in the shop shows (999.00, 1,234.50). */
export function formatBannerAmount(amount: number, decimals = 2): string {
  return formatMoney(toPaisa(amount), '', decimals);
}

/** Ease-out: the count slows as it lands. */
const ease = (t: number) => 1 - (1 - t) ** 3;

export interface BannerContext {
  threshold: number | null;
  currency: string;
  decimals: number;
  loggedIn: boolean;
  path: string;
  eligible: number;
  /** The remaining amount on screen; moves towards the real one during the count animation. */
  shownRemaining: number;
  animation: { from: number; to: number; frame: number };
  /** The unlock flash has been shown for the current stretch at or over the threshold. */
  unlockShown: boolean;
  notificationVisible: boolean;
  smallScreen: boolean;
}

export type BannerEvent =
  | { type: 'banner.configChanged'; threshold: number | null; currency: string; decimals?: number }
  | { type: 'banner.sessionChanged'; loggedIn: boolean }
  | { type: 'banner.pathChanged'; path: string }
  | { type: 'banner.cartChanged'; lines: readonly BannerLine[] }
  | { type: 'banner.notificationChanged'; visible: boolean }
  | { type: 'banner.screenChanged'; small: boolean };

export interface BannerInput {
  threshold?: number | null;
  currency?: string;
  decimals?: number;
  loggedIn?: boolean;
  path?: string;
  lines?: readonly BannerLine[];
}

const remaining = (c: BannerContext) => remainingAmount(c.threshold ?? 0, c.eligible);

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
    atOrOverThreshold: ({ context, event }) =>
      event.type === 'banner.cartChanged' && remainingAmount(context.threshold ?? 0, eligibleAmount(event.lines)) <= 0,
    thresholdChanged: ({ context, event }) => event.type === 'banner.configChanged' && event.threshold !== context.threshold,
    lastFrame: ({ context }) => context.animation.frame + 1 >= COUNT_FRAMES,
  },
  actions: {
    takeCart: assign(({ context, event }) => {
      if (event.type !== 'banner.cartChanged') return {};
      const eligible = eligibleAmount(event.lines);
      const stillToBuy = remainingAmount(context.threshold ?? 0, eligible) > 0;
      // Re-arm the unlock flash once the amount rises above 0 again (section 4).
      return { eligible, unlockShown: stillToBuy ? false : context.unlockShown };
    }),
    takeConfig: assign(({ context, event }) =>
      event.type === 'banner.configChanged'
        ? { threshold: event.threshold, currency: event.currency, decimals: event.decimals ?? context.decimals }
        : {},
    ),
    // Counting up from an unlocked cart starts at 0, never from a negative amount.
    startCount: assign(({ context }) => {
      const from = Math.max(0, context.shownRemaining);
      return { shownRemaining: from, animation: { from, to: remaining(context), frame: 0 } };
    }),
    stepCount: assign(({ context }) => {
      const frame = context.animation.frame + 1;
      const { from, to } = context.animation;
      return { animation: { from, to, frame }, shownRemaining: toPaisa(from + (to - from) * ease(frame / COUNT_FRAMES)) };
    }),
    landCount: assign(({ context }) => ({ shownRemaining: remaining(context) })),
    showThreshold: assign(({ context }) => ({ shownRemaining: context.threshold ?? 0 })),
    markUnlockShown: assign({ unlockShown: true }),
  },
}).createMachine({
  id: 'banner',
  context: ({ input }) => ({
    threshold: input.threshold ?? null,
    currency: input.currency ?? '₹',
    decimals: input.decimals ?? 2,
    loggedIn: input.loggedIn ?? false,
    path: input.path ?? '/',
    eligible: eligibleAmount(input.lines ?? []),
    shownRemaining: input.threshold ?? 0,
    animation: { from: 0, to: 0, frame: 0 },
    unlockShown: false,
    notificationVisible: false,
    smallScreen: false,
  }),
  initial: 'hidden',
  on: {
    'banner.configChanged': { actions: 'takeConfig' },
    'banner.sessionChanged': { actions: assign({ loggedIn: ({ event }) => event.loggedIn }) },
    'banner.pathChanged': { actions: assign({ path: ({ event }) => event.path }) },
    'banner.cartChanged': { actions: 'takeCart' },
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
        'banner.cartChanged': { target: '.deciding', actions: 'takeCart' },
        'banner.configChanged': [
          { guard: 'thresholdChanged', target: '.deciding', actions: 'takeConfig' },
          { actions: 'takeConfig' },
        ],
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
            'banner.cartChanged': { guard: 'atOrOverThreshold', actions: 'takeCart' },
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
