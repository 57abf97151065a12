import { formatMoney } from '../contract/money.rules';
import { DELIVERY_OFFER_SETTING } from '../contract/settings.keys';
import type { BannerContext, BannerInput, BannerLine } from './banner.types';

/** Remaining-amount count animation of section 9. */
export const COUNT_ANIMATION_MS = 600;
/** The animation is drawn in this many steps. */
export const COUNT_FRAMES = 12;
/** 'FREE DELIVERY UNLOCKED!' shows this long (section 9: unlock flash 2 s). */
export const UNLOCK_FLASH_MS = 2000;

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

export function initialContext(input: BannerInput): BannerContext {
  return {
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
  };
}

/** What is still to buy for the cart the banner last took. */
export const remaining = (c: Pick<BannerContext, 'threshold' | 'eligible'>) => remainingAmount(c.threshold ?? 0, c.eligible);

/** A cart's eligible value and whether anything is still to buy: worked out once per cart change. */
export interface CartFigures {
  eligible: number;
  stillToBuy: boolean;
}

export function cartFigures(threshold: number | null, lines: readonly BannerLine[]): CartFigures {
  const eligible = eligibleAmount(lines);
  return { eligible, stillToBuy: remainingAmount(threshold ?? 0, eligible) > 0 };
}

/** Ease-out: the count slows as it lands. */
const ease = (t: number) => 1 - (1 - t) ** 3;

/** The next frame of the count from `from` to `to`. */
export function countStep({ from, to, frame }: BannerContext['animation']): Pick<BannerContext, 'animation' | 'shownRemaining'> {
  const next = frame + 1;
  return { animation: { from, to, frame: next }, shownRemaining: toPaisa(from + (to - from) * ease(next / COUNT_FRAMES)) };
}
