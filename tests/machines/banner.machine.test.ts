import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type Actor } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { bannerAnnouncement, bannerMachine, bannerText, bannerVisible } from '../../machines/banner.machine';
import {
  COUNT_ANIMATION_MS,
  UNLOCK_FLASH_MS,
  eligibleAmount,
  formatBannerAmount,
  freeDeliveryThreshold,
  isBannerPath,
  isEligibleLine,
  lineValue,
  remainingAmount,
} from '../../machines/banner.rules';
import type { BannerLine } from '../../machines/banner.types';

const line = (over: Partial<BannerLine> = {}): BannerLine => ({
  active: true,
  isVariantEnabled: false,
  variantId: 0,
  variantActive: true,
  isStockAvailable: true,
  oRate: null,
  sRate: 100,
  cartQty: 1,
  ...over,
});

describe('eligible lines (section 5)', () => {
  it.each<[string, Partial<BannerLine>, boolean]>([
    ['an active, in-stock line without variants', {}, true],
    ['an inactive product', { active: false }, false],
    ['an out-of-stock line', { isStockAvailable: false }, false],
    ['a line with quantity 0', { cartQty: 0 }, false],
    ['a variant line with an active variant', { isVariantEnabled: true, variantId: 7 }, true],
    ['a variant line without a variant id', { isVariantEnabled: true, variantId: 0 }, false],
    ['a variant line whose variant is inactive', { isVariantEnabled: true, variantId: 7, variantActive: false }, false],
    ['a product without variants carrying a variant id', { variantId: 7 }, false],
  ])('%s → %s', (_name, over, expected) => {
    expect(isEligibleLine(line(over))).toBe(expected);
  });

  it.each<[string, Partial<BannerLine>, number]>([
    ['selling rate × quantity without an offer', { sRate: 120, cartQty: 3 }, 360],
    ['offer rate × quantity when there is an offer', { sRate: 120, oRate: 99.5, cartQty: 2 }, 199],
    ['selling rate when the offer rate is 0', { sRate: 80, oRate: 0, cartQty: 2 }, 160],
  ])('line value: %s', (_name, over, expected) => {
    expect(lineValue(line(over))).toBe(expected);
  });

  it('adds only eligible lines, to the paisa', () => {
    const lines = [
      line({ sRate: 10.1, cartQty: 3 }),
      line({ sRate: 500, oRate: 450 }),
      line({ sRate: 9999, isStockAvailable: false }),
      line({ sRate: 9999, isVariantEnabled: true, variantId: 0 }),
    ];
    expect(eligibleAmount(lines)).toBe(480.3);
    expect(eligibleAmount([])).toBe(0);
    expect(remainingAmount(999, 480.3)).toBe(518.7);
    expect(remainingAmount(999, 1200)).toBe(-201);
  });
});

describe('where and when the banner may show (section 2)', () => {
  it.each([
    ['/', true],
    ['/home', true],
    ['/home/', true],
    ['/product', true],
    ['/product/', true],
    ['/product/product_detail', true],
    ['/product/special_products', true],
    ['/cart', true],
    ['/cart/', true],
    ['/products', false],
    ['/cartography', false],
    ['/FAQ/', false],
    ['/user_account/check_out/', false],
    ['/auth/login/', false],
  ])('%s → %s', (path, expected) => {
    expect(isBannerPath(path)).toBe(expected);
  });

  it.each([
    [[{ KeyCode: 'DELIVERY OFFER AMOUNT', Value: '999', Active: true }], 999],
    [[{ KeyCode: 'DELIVERY OFFER AMOUNT', Value: '999', Active: false }], null],
    [[{ KeyCode: 'DELIVERY OFFER AMOUNT', Value: 'free', Active: true }], null],
    [[{ KeyCode: 'DELIVERY OFFER AMOUNT', Value: '0', Active: true }], null],
    [[{ KeyCode: 'DELIVERY CHARGE', Value: '49', Active: true }], null],
  ])('threshold from %j → %s', (settings, expected) => {
    expect(freeDeliveryThreshold(settings)).toBe(expected);
  });

  it.each([
    [999, 2, '999.00'],
    [1234, 2, '1,234.00'],
    [518.7, 2, '518.70'],
    [100000.5, 2, '1,00,000.50'],
    [551, 0, '551'],
    [551.5, 3, '551.500'],
  ])('formats %s with %s decimal places as %s, like every other price', (amount, decimals, text) => {
    expect(formatBannerAmount(amount, decimals)).toBe(text);
  });
});

type Banner = Actor<typeof bannerMachine>;
const THRESHOLD = 999;
const carts = {
  /** Only lines that do not count: out of stock, inactive variant. */
  none: [line({ sRate: 5000, isStockAvailable: false }), line({ sRate: 3000, isVariantEnabled: true, variantId: 4, variantActive: false })],
  /** ₹400 eligible (₹599 to go) beside an out-of-stock ₹5000 line. */
  some: [line({ sRate: 250, oRate: 200 }), line({ sRate: 100, cartQty: 2 }), line({ sRate: 5000, isStockAvailable: false })],
  /** ₹1,200 eligible. */
  enough: [line({ sRate: 600, cartQty: 2, isVariantEnabled: true, variantId: 9 })],
};

function startBanner(): Banner {
  const actor = createActor(bannerMachine, { input: { threshold: THRESHOLD, currency: '₹', path: '/', loggedIn: false } });
  actor.start();
  return actor;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('banner machine, model-based over every shortest path', () => {
  type Cart = keyof typeof carts;
  interface Model {
    loggedIn: boolean;
    onPath: boolean;
    cart: Cart;
    unlockShown: boolean;
  }
  type ModelEvent =
    | { type: 'LOG_IN' }
    | { type: 'LOG_OUT' }
    | { type: 'GO_AWAY' }
    | { type: 'GO_BACK' }
    | { type: 'CART_NONE' }
    | { type: 'CART_SOME' }
    | { type: 'CART_ENOUGH' }
    | { type: 'WAIT_COUNT' }
    | { type: 'WAIT_FLASH' };

  // The behaviour the spec describes, written independently of the machine under test.
  const setCart = (cart: Cart) =>
    assign<Model, ModelEvent, undefined, ModelEvent, never>(({ context }) => ({
      cart,
      unlockShown: cart === 'enough' ? context.unlockShown : false,
    }));
  const model = setup({
    types: { context: {} as Model, events: {} as ModelEvent },
    guards: {
      shows: ({ context }) => context.loggedIn && context.onPath,
      hides: ({ context }) => !(context.loggedIn && context.onPath),
      empty: ({ context }) => context.cart === 'none',
      partway: ({ context }) => context.cart === 'some',
      flashDue: ({ context }) => !context.unlockShown,
    },
  }).createMachine({
    id: 'bannerModel',
    context: { loggedIn: false, onPath: true, cart: 'none', unlockShown: false },
    initial: 'off',
    on: {
      LOG_IN: { actions: assign({ loggedIn: true }) },
      LOG_OUT: { actions: assign({ loggedIn: false }) },
      GO_AWAY: { actions: assign({ onPath: false }) },
      GO_BACK: { actions: assign({ onPath: true }) },
      CART_NONE: { target: '.route', actions: setCart('none') },
      CART_SOME: { target: '.route', actions: setCart('some') },
      CART_ENOUGH: { target: '.route', actions: setCart('enough') },
    },
    states: {
      route: {
        always: [
          { guard: 'hides', target: 'off' },
          { guard: 'empty', target: 'noValue' },
          { guard: 'partway', target: 'counting' },
          { guard: 'flashDue', target: 'unlocked' },
          { target: 'done' },
        ],
      },
      off: { always: { guard: 'shows', target: 'route' } },
      noValue: { always: { guard: 'hides', target: 'off' } },
      counting: { always: { guard: 'hides', target: 'off' }, on: { WAIT_COUNT: 'settled' } },
      settled: { always: { guard: 'hides', target: 'off' } },
      unlocked: {
        entry: assign({ unlockShown: true }),
        always: { guard: 'hides', target: 'off' },
        on: { WAIT_FLASH: 'done', CART_ENOUGH: {} },
      },
      done: { always: { guard: 'hides', target: 'off' } },
    },
  });

  const paths = createTestModel(model).getShortestPaths();

  it('has paths to every state of the model', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(['counting', 'done', 'noValue', 'off', 'settled', 'unlocked']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const banner = startBanner();
      const shown = () => ({ visible: bannerVisible(banner.getSnapshot()), text: bannerText(banner.getSnapshot()) });
      await path.test({
        events: {
          LOG_IN: () => banner.send({ type: 'banner.sessionChanged', loggedIn: true }),
          LOG_OUT: () => banner.send({ type: 'banner.sessionChanged', loggedIn: false }),
          GO_AWAY: () => banner.send({ type: 'banner.pathChanged', path: '/FAQ/' }),
          GO_BACK: () => banner.send({ type: 'banner.pathChanged', path: '/cart/' }),
          CART_NONE: () => banner.send({ type: 'banner.cartChanged', lines: carts.none }),
          CART_SOME: () => banner.send({ type: 'banner.cartChanged', lines: carts.some }),
          CART_ENOUGH: () => banner.send({ type: 'banner.cartChanged', lines: carts.enough }),
          WAIT_COUNT: () => void vi.advanceTimersByTime(COUNT_ANIMATION_MS),
          WAIT_FLASH: () => void vi.advanceTimersByTime(UNLOCK_FLASH_MS),
        },
        states: {
          off: () => expect(shown()).toEqual({ visible: false, text: null }),
          noValue: () => expect(shown()).toEqual({ visible: true, text: 'FREE DELIVERY on order above ₹ 999.00' }),
          counting: () => {
            expect(shown().visible).toBe(true);
            expect(shown().text).toMatch(/^FREE DELIVERY shop for ₹ [\d,.]+ more to unlock$/);
          },
          settled: () => expect(shown()).toEqual({ visible: true, text: 'FREE DELIVERY shop for ₹ 599.00 more to unlock' }),
          unlocked: () => expect(shown()).toEqual({ visible: true, text: 'FREE DELIVERY UNLOCKED!' }),
          done: () => expect(shown()).toEqual({ visible: false, text: null }),
        },
      });
      banner.stop();
    });
  }
});

describe('banner timers', () => {
  function shownBanner(): Banner {
    const banner = startBanner();
    banner.send({ type: 'banner.sessionChanged', loggedIn: true });
    return banner;
  }
  const amountShown = (banner: Banner) => banner.getSnapshot().context.shownRemaining;

  it('counts the remaining amount down from the threshold over 600 ms, landing exactly', () => {
    const banner = shownBanner();
    banner.send({ type: 'banner.cartChanged', lines: carts.some });
    expect(amountShown(banner)).toBe(999);
    vi.advanceTimersByTime(COUNT_ANIMATION_MS / 2);
    const midway = amountShown(banner);
    expect(midway).toBeLessThan(999);
    expect(midway).toBeGreaterThan(599);
    vi.advanceTimersByTime(COUNT_ANIMATION_MS / 2 - 1);
    expect(banner.getSnapshot().matches({ active: { partway: 'counting' } })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(banner.getSnapshot().matches({ active: { partway: 'settled' } })).toBe(true);
    expect(bannerText(banner.getSnapshot())).toBe('FREE DELIVERY shop for ₹ 599.00 more to unlock');
  });

  it('flashes UNLOCKED for exactly 2 s, survives a repeat of the same cart, and re-arms once the amount rises above 0', () => {
    const banner = shownBanner();
    banner.send({ type: 'banner.cartChanged', lines: carts.enough });
    expect(bannerText(banner.getSnapshot())).toBe('FREE DELIVERY UNLOCKED!');
    vi.advanceTimersByTime(1000);
    banner.send({ type: 'banner.cartChanged', lines: carts.enough });
    vi.advanceTimersByTime(UNLOCK_FLASH_MS - 1001);
    expect(bannerText(banner.getSnapshot())).toBe('FREE DELIVERY UNLOCKED!');
    vi.advanceTimersByTime(1);
    expect(bannerVisible(banner.getSnapshot())).toBe(false);
    banner.send({ type: 'banner.cartChanged', lines: carts.enough });
    expect(bannerVisible(banner.getSnapshot())).toBe(false);
    banner.send({ type: 'banner.cartChanged', lines: carts.some });
    // Counting up from an unlocked cart starts at 0, never below.
    expect(amountShown(banner)).toBe(0);
    vi.advanceTimersByTime(COUNT_ANIMATION_MS);
    banner.send({ type: 'banner.cartChanged', lines: carts.enough });
    expect(bannerText(banner.getSnapshot())).toBe('FREE DELIVERY UNLOCKED!');
  });

  it.each([
    [true, true, false],
    [true, false, true],
    [false, true, true],
  ])('small screen %s with a notification %s → visible %s', (small, notification, visible) => {
    const banner = shownBanner();
    banner.send({ type: 'banner.screenChanged', small });
    banner.send({ type: 'banner.notificationChanged', visible: notification });
    expect(bannerVisible(banner.getSnapshot())).toBe(visible);
    expect(bannerText(banner.getSnapshot())).toBe('FREE DELIVERY on order above ₹ 999.00');
  });

  it('stays hidden while the setting is inactive, and follows a changed threshold', () => {
    const banner = shownBanner();
    banner.send({ type: 'banner.configChanged', threshold: null, currency: '₹' });
    expect(bannerVisible(banner.getSnapshot())).toBe(false);
    banner.send({ type: 'banner.configChanged', threshold: 1500, currency: '₹' });
    banner.send({ type: 'banner.cartChanged', lines: carts.enough });
    vi.advanceTimersByTime(COUNT_ANIMATION_MS);
    expect(bannerText(banner.getSnapshot())).toBe('FREE DELIVERY shop for ₹ 300.00 more to unlock');
  });

  it('announces the amount still to buy once, not every frame of the 600 ms count, and nothing while hidden', () => {
    const banner = shownBanner();
    expect(bannerAnnouncement(banner.getSnapshot())).toBe('FREE DELIVERY on order above ₹ 999.00');
    banner.send({ type: 'banner.cartChanged', lines: carts.some });
    vi.advanceTimersByTime(COUNT_ANIMATION_MS / 2);
    expect(bannerText(banner.getSnapshot())).not.toBe('FREE DELIVERY shop for ₹ 599.00 more to unlock');
    expect(bannerAnnouncement(banner.getSnapshot())).toBe('FREE DELIVERY shop for ₹ 599.00 more to unlock');
    banner.send({ type: 'banner.cartChanged', lines: carts.enough });
    expect(bannerAnnouncement(banner.getSnapshot())).toBe('FREE DELIVERY UNLOCKED!');
    vi.advanceTimersByTime(UNLOCK_FLASH_MS);
    expect(bannerAnnouncement(banner.getSnapshot())).toBe('');
  });
});
