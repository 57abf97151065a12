import type { Product } from '../../contract/catalogue.schemas';
import type { ProductDetailInput } from '../../machines/product-detail.machine';
import { getToken } from '../lib/session';
import { sameSentQuery, sentWithHtml } from '../lib/sent-with-html';
import { currentShop } from './shop-context';

interface SentDetail {
  query?: Record<string, string>;
  body?: { Data?: Product | null };
}

let used = false;

/**
 * The product the server sent with the HTML of the product page a visit opened on
 * (server/spa/opening-page.ts), when it answers this very request (product, variant, branch)
 * for a visitor without a session: a signed-in visitor's product carries their own cart
 * quantities, so it is asked for with the session instead. It serves the page the visit opened
 * on only: a later visit to a product page asks anew.
 */
export function openingDetail(productId: number | undefined, variantId: number | undefined): ProductDetailInput['opening'] {
  if (used || productId === undefined || getToken()) return undefined;
  const sent = sentWithHtml<SentDetail>('shoal-opening-detail');
  const product = sent?.body?.Data;
  if (!sent?.query || !product || product.productId !== productId) return undefined;
  const same = sameSentQuery(sent.query, { productId, branchId: currentShop().branchId, variantId });
  return same ? { productId, variantId: variantId ?? 0, product } : undefined;
}

/** The product page the visit opened on is on screen: the product sent with its HTML is not used again. */
export function openingDetailShown(): void {
  used = true;
}
