/** Shapes of the free-delivery banner shared by its machine, the app root that feeds it and the view. */

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
