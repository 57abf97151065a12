import type { Art } from './svg-art.js';
import { FRESHWATER_FISH, SEA_FISH } from './catalogue/fish-data.js';
import { CRABS, PRAWNS_AND_SHELLFISH } from './catalogue/shellfish-data.js';
import { DRY_FISH, READY_TO_COOK } from './catalogue/ready-and-dry-fish-data.js';
import { FRESH_VEGETABLES, MASALAS_AND_SPICES, PICKLES_AND_OILS, RICE_AND_FLOURS } from './catalogue/pantry-data.js';

/**
 * Categories and products of the demo shop; the products of each category are in catalogue/.
 * Prices are rupees here and become paise when seeded.
 */

export type CategoryKey = 'sea' | 'fresh' | 'prawns' | 'crabs' | 'ready' | 'dry' | 'masala' | 'rice' | 'veg' | 'pickle';

export interface CategorySeed {
  id: number;
  key: CategoryKey;
  name: string;
  description: string;
  tint: string;
  art: Art;
}

/**
 * HSN code and GST rate (basis points, prices include the tax) of each demo category, and of the
 * products that differ from their category. Fresh and chilled fish, shellfish and vegetables are
 * exempt (0 %); frozen, dried and packaged goods are taxed.
 */
export const CATEGORY_TAX: Record<CategoryKey, { hsn: string; gstRateBp: number }> = {
  sea: { hsn: '0302', gstRateBp: 0 },
  fresh: { hsn: '0302', gstRateBp: 0 },
  prawns: { hsn: '0306', gstRateBp: 0 },
  crabs: { hsn: '0306', gstRateBp: 0 },
  ready: { hsn: '0303', gstRateBp: 500 },
  dry: { hsn: '0305', gstRateBp: 500 },
  masala: { hsn: '0910', gstRateBp: 500 },
  rice: { hsn: '1006', gstRateBp: 500 },
  veg: { hsn: '0709', gstRateBp: 0 },
  pickle: { hsn: '2001', gstRateBp: 1200 },
};

/** Products taxed otherwise than their category: the cold-pressed oils among the pickles. */
export const PRODUCT_TAX: Record<string, { hsn: string; gstRateBp: number }> = {
  'coconut-oil': { hsn: '1513', gstRateBp: 500 },
  'gingelly-oil': { hsn: '1515', gstRateBp: 500 },
};

export interface ProductSeed {
  key: string;
  name: string;
  category: CategoryKey;
  description: string;
  art: Art;
  /** Variant products: price of 1 kg whole, and the cuts and weights sold. */
  perKg?: number;
  cuts?: string[];
  weights?: string[];
  /** Products without variants: pack price and label. */
  price?: number;
  unit?: string;
  /** Percent off as the offer rate. */
  offerPct?: number;
  outOfStock?: 'both' | 'branch1' | 'branch2';
  notAtBranch2?: boolean;
  inactive?: boolean;
  /** Pieces per kg gross where the cut does not decide them (whole small fish, prawns): min and max. */
  piecesPerKg?: [number, number];
  /** Variant names (e.g. '1 kg · Fillet') the shop has switched off. */
  inactiveVariants?: string[];
}

export const CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    key: 'sea',
    name: 'Sea Fish',
    description: 'Caught off the Kerala coast this morning',
    tint: '#bbdefb',
    art: { kind: 'fish', shape: 'long', body: '#78909c', belly: '#eceff1', fin: '#455a64', stripes: 6 },
  },
  {
    id: 2,
    key: 'fresh',
    name: 'Freshwater Fish',
    description: 'From backwaters, rivers and farm ponds',
    tint: '#c8e6c9',
    art: { kind: 'fish', shape: 'round', body: '#5d6d4e', belly: '#d7dfc6', fin: '#33402a', stripes: 5 },
  },
  {
    id: 3,
    key: 'prawns',
    name: 'Prawns & Shellfish',
    description: 'Prawns, squid, mussels and clams',
    tint: '#ffe0b2',
    art: { kind: 'prawn', color: '#ff8a65' },
  },
  { id: 4, key: 'crabs', name: 'Crabs', description: 'Mud crabs and sea crabs, live and cleaned', tint: '#ffccbc', art: { kind: 'crab', color: '#e64a19' } },
  {
    id: 5,
    key: 'ready',
    name: 'Ready to Cook',
    description: 'Marinated, cut and kitted for the pan',
    tint: '#f8bbd0',
    art: { kind: 'fillet', color: '#ef9a9a', garnish: '#fdd835' },
  },
  {
    id: 6,
    key: 'dry',
    name: 'Dry Fish',
    description: 'Sun-dried on the beaches of Chellanam',
    tint: '#d7ccc8',
    art: { kind: 'pack', color: '#a1887f', label: 'Dry Fish' },
  },
  {
    id: 7,
    key: 'masala',
    name: 'Masalas & Spices',
    description: 'Kerala masalas ground in small batches',
    tint: '#ffcdd2',
    art: { kind: 'pack', color: '#d84315', label: 'Masala' },
  },
  {
    id: 8,
    key: 'rice',
    name: 'Rice & Flours',
    description: 'Matta rice, puttu podi and more',
    tint: '#fff9c4',
    art: { kind: 'bag', color: '#c62828', label: 'Matta Rice' },
  },
  { id: 9, key: 'veg', name: 'Fresh Vegetables', description: 'What every fish curry needs', tint: '#dcedc8', art: { kind: 'produce', item: 'chilli' } },
  {
    id: 10,
    key: 'pickle',
    name: 'Pickles & Oils',
    description: 'Home-style pickles and cold-pressed oils',
    tint: '#ffe082',
    art: { kind: 'jar', color: '#ff7043', label: 'Pickle' },
  },
];

const FISH_WEIGHTS = ['500 g', '1 kg'];

/** Every product of the demo shop, category by category, in the order the shop lists them. */
export const PRODUCTS: ProductSeed[] = [
  ...SEA_FISH,
  ...FRESHWATER_FISH,
  ...PRAWNS_AND_SHELLFISH,
  ...CRABS,
  ...READY_TO_COOK,
  ...DRY_FISH,
  ...MASALAS_AND_SPICES,
  ...RICE_AND_FLOURS,
  ...FRESH_VEGETABLES,
  ...PICKLES_AND_OILS,
];

/** Weights sold for a variant product (500 g and 1 kg unless the product says otherwise). */
export function weightsOf(product: ProductSeed): string[] {
  return product.weights ?? FISH_WEIGHTS;
}

/** Where the generated pictures are served (server/assets/images is mounted at /images/). */
export const imagePath = {
  product: (key: string) => `/images/products/${key}.svg`,
  category: (key: string) => `/images/categories/${key}.svg`,
  special: (id: number) => `/images/special/special-${id}.svg`,
  offer: (id: number) => `/images/offers/offer-${id}.svg`,
  logo: '/images/logo.svg',
};
