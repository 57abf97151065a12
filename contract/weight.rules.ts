/**
 * Fish sold by weight: how a weight is written, the price per kg, and the catch-weight rule
 * (what a pack heavier or lighter than ordered costs or gives back). Shared by the server, which
 * computes the money, and the browser, which words it.
 */

/** A heavier pack costs the customer at most this share of the line's value; the shop bears the rest. */
export const HEAVIER_PACK_TOLERANCE_PERCENT = 10;

/** The product page's note on the rule. */
export const FINAL_WEIGHT_NOTE = `Final weight may vary a little after cleaning. If we pack less, the difference goes back to your wallet; if we pack more, you pay at most ${HEAVIER_PACK_TOLERANCE_PERCENT}% extra on delivery, never charged to your card or wallet.`;

/** Grams as the shop writes them: '500 g', '1 kg', '1.25 kg'. */
export function formatGrams(grams: number): string {
  if (grams < 1000) return `${Math.round(grams)} g`;
  const kg = Math.round(grams / 10) / 100;
  return `${kg} kg`;
}

/** Paise per kg from a rate (paise per unit) and the unit's net grams; null without a net weight. */
export function pricePerKgPaise(ratePaise: number, netGrams: number | null | undefined): number | null {
  if (!netGrams || netGrams <= 0) return null;
  return Math.round((ratePaise * 1000) / netGrams);
}

/** The weight fields a product or variant may carry on the wire. */
export interface WeightFields {
  grossGrams?: number;
  netGrams?: number;
  pieces?: string;
  serves?: string;
  pricePerKg?: number;
}

/** The parts of the card's compact line, in order: '500 g', 'Net 400 g', '6-8 pcs'. */
export function compactWeightParts(w: WeightFields): string[] {
  const parts: string[] = [];
  if (w.grossGrams) parts.push(formatGrams(w.grossGrams));
  if (w.netGrams) parts.push(`Net ${formatGrams(w.netGrams)}`);
  if (w.pieces) parts.push(`${w.pieces} pcs`);
  return parts;
}

/** The card's compact line: '500 g · Net 400 g · 6-8 pcs'; empty when nothing is known. */
export function compactWeightLine(w: WeightFields): string {
  return compactWeightParts(w).join(' · ');
}

export interface PackSettlement {
  /** Paise back to the customer (lighter pack); 0 otherwise. */
  refund: number;
  /** Paise the customer pays on delivery (heavier pack, within the tolerance); 0 otherwise. */
  extra: number;
  /** Paise of a heavier pack beyond the tolerance, which the shop bears. */
  shopBears: number;
}

/**
 * What a line packed at `packedGrams` instead of `orderedGrams` settles, from the line's value
 * (what the customer was charged for it, after the offer rate): the difference at the line's own
 * price per kg, a heavier pack capped at the tolerance.
 */
export function settlePack(valuePaise: number, orderedGrams: number, packedGrams: number): PackSettlement {
  if (orderedGrams <= 0 || packedGrams === orderedGrams) return { refund: 0, extra: 0, shopBears: 0 };
  const difference = Math.round((valuePaise * Math.abs(packedGrams - orderedGrams)) / orderedGrams);
  if (packedGrams < orderedGrams) return { refund: Math.min(difference, valuePaise), extra: 0, shopBears: 0 };
  const cap = Math.floor((valuePaise * HEAVIER_PACK_TOLERANCE_PERCENT) / 100);
  const extra = Math.min(difference, cap);
  return { refund: 0, extra, shopBears: difference - extra };
}
