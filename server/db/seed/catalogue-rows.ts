import type { Insertable } from 'kysely';
import type { BranchStockTable, ProductTable, VariantTable } from '../catalogue-tables.js';
import { CATEGORIES, PRODUCTS, PRODUCT_TAX, imagePath, weightsOf, type ProductSeed } from './catalogue-data.js';

/**
 * The demo catalogue as rows: each product's prices per cut and weight, its pack weights,
 * pieces and servings, and its stock at each branch.
 */

const WEIGHT_KG: Record<string, number> = { '250 g': 0.25, '500 g': 0.5, '1 kg': 1 };
// Cleaning and cutting cost: the more work (and waste), the higher the price per cleaned kilo.
const CUT_FACTOR: Record<string, number> = {
  'Whole cleaned': 1,
  'Curry cut': 1.05,
  'Fry steaks': 1.12,
  Fillet: 1.35,
  'Cleaned & deveined': 1.15,
  'With shell': 1,
  Rings: 1.1,
  'Cleaned & cut': 1.05,
  Live: 0.95,
};
// What is left after cleaning, per cut (net over gross), and the pieces in a kilo gross where the
// cut decides them.
const CUT_YIELD: Record<string, number> = {
  'Whole cleaned': 0.85,
  'Curry cut': 0.8,
  'Fry steaks': 0.8,
  Fillet: 0.55,
  'Cleaned & deveined': 0.6,
  'With shell': 1,
  Rings: 0.75,
  'Cleaned & cut': 0.7,
  Live: 1,
};
const CUT_PIECES_PER_KG: Record<string, [number, number]> = {
  'Whole cleaned': [2, 4],
  'Curry cut': [12, 16],
  'Fry steaks': [10, 12],
  Fillet: [4, 6],
  Rings: [50, 60],
  'Cleaned & cut': [8, 12],
};
/** A person eats about 130–200 g of cleaned fish at a meal. */
const servesFor = (netGrams: number) => `${Math.max(1, Math.round(netGrams / 200))}-${Math.max(2, Math.round(netGrams / 130))}`;

/** Gross and net weight, pieces and servings of a pack of a cut (the Seer fish curry cut of 500 g: 400 g net, 6-8 pieces, serves 2-3). */
function packWeights(product: ProductSeed, cut: string, kg: number) {
  const gross = Math.round(kg * 1000);
  const net = Math.round((gross * (CUT_YIELD[cut] ?? 1)) / 10) * 10;
  const perKg = product.piecesPerKg ?? CUT_PIECES_PER_KG[cut];
  const pieces = perKg ? `${Math.max(1, Math.round(perKg[0] * kg))}-${Math.max(2, Math.round(perKg[1] * kg))}` : null;
  return { gross_grams: gross, net_grams: net, pieces, serves: servesFor(net) };
}

const FISH_CATEGORIES = new Set(['sea', 'fresh', 'prawns', 'crabs', 'ready']);

/** A fish pack without variants whose label names its grams ('4 steaks · 400 g') is sold by that weight. */
function labelWeights(product: ProductSeed) {
  const grams = FISH_CATEGORIES.has(product.category) ? /(\d+)\s*g\b/.exec(product.unit ?? '')?.[1] : undefined;
  if (!grams) return {};
  const net = Number(grams);
  return { gross_grams: net, net_grams: net, serves: servesFor(net) };
}

// Branch 2 (Kakkanad) buys its own catch, so its prices drift a little from Fort Kochi's.
const BRANCH2_DRIFT = [0.04, 0, -0.02, 0.03, 0, -0.03];

const rupeesToPaise = (rupees: number): number => Math.round(rupees) * 100;
const offerRate = (sRate: number, pct: number | undefined): number | null => (pct ? Math.round((sRate * (100 - pct)) / 100 / 100) * 100 : null);

export interface CatalogueRows {
  products: Insertable<ProductTable>[];
  variants: Insertable<VariantTable>[];
  stock: Insertable<BranchStockTable>[];
  productIdByKey: Map<string, number>;
}

function stockLevel(product: ProductSeed, branch: 1 | 2, index: number, variantIndex: number): number {
  if (product.outOfStock === 'both' || product.outOfStock === `branch${branch}`) return 0;
  return branch === 1 ? 12 + ((index * 7 + variantIndex * 5) % 40) : 8 + ((index * 11 + variantIndex * 3) % 35);
}

/** Products, variants and per-branch stock rows of the demo catalogue, with fixed ids. */
export function catalogueRows(companyId: number, now: string): CatalogueRows {
  const categoryOf = new Map(CATEGORIES.map((c) => [c.key, c]));
  const out: CatalogueRows = { products: [], variants: [], stock: [], productIdByKey: new Map() };
  let variantId = 0;
  PRODUCTS.forEach((product, index) => {
    const id = index + 1;
    const category = categoryOf.get(product.category);
    if (!category) throw new Error(`unknown category ${product.category}`);
    out.productIdByKey.set(product.key, id);
    const hasVariants = product.perKg !== undefined;
    out.products.push({
      id,
      company_id: companyId,
      category_id: category.id,
      name: product.name,
      description: product.description,
      image: imagePath.product(product.key),
      unit_label: hasVariants ? weightsOf(product).join(' / ') : (product.unit ?? ''),
      is_variant_enabled: hasVariants ? 1 : 0,
      active: product.inactive ? 0 : 1,
      search_text: `${product.name} ${category.name} ${product.description}`.toLowerCase(),
      sort_order: index,
      created_at: now,
      updated_at: now,
      ...(hasVariants ? {} : labelWeights(product)),
      hsn_code: PRODUCT_TAX[product.key]?.hsn ?? null,
      gst_rate_bp: PRODUCT_TAX[product.key]?.gstRateBp ?? null,
    });
    const drift = BRANCH2_DRIFT[index % BRANCH2_DRIFT.length] ?? 0;
    const lines: { variantId: number; sRate: number }[] = [];
    if (hasVariants) {
      for (const cut of product.cuts ?? ['Whole cleaned']) {
        for (const weight of weightsOf(product)) {
          variantId += 1;
          const name = `${weight} · ${cut}`;
          const kg = WEIGHT_KG[weight] ?? 1;
          // Small packs cost a little more per kilo.
          const packFactor = kg < 1 ? 1.03 : 1;
          out.variants.push({
            id: variantId,
            product_id: id,
            name,
            active: product.inactiveVariants?.includes(name) ? 0 : 1,
            sort_order: out.variants.length,
            ...packWeights(product, cut, kg),
          });
          lines.push({ variantId, sRate: (product.perKg ?? 0) * kg * (CUT_FACTOR[cut] ?? 1) * packFactor });
        }
      }
    } else {
      lines.push({ variantId: 0, sRate: product.price ?? 0 });
    }
    lines.forEach((line, variantIndex) => {
      for (const branch of [1, 2] as const) {
        if (branch === 2 && product.notAtBranch2) continue;
        const sRate = rupeesToPaise(branch === 1 ? line.sRate : line.sRate * (1 + drift));
        out.stock.push({
          branch_id: branch,
          product_id: id,
          variant_id: line.variantId,
          s_rate: sRate,
          o_rate: offerRate(sRate, product.offerPct),
          available: stockLevel(product, branch, index, variantIndex),
          reserved: 0,
          sold: 0,
          active: 1,
          updated_at: now,
        });
      }
    });
  });
  return out;
}
