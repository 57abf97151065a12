import type { ColumnType, Generated } from 'kysely';

/**
 * What the shop sells and how: categories, products and stock, offers, delivery slots and coupons.
 * The conventions every table follows are in schema.ts.
 */

export interface CategoryTable {
  id: number;
  company_id: number;
  name: string;
  description: string;
  image: string;
  sort_order: number;
  active: number;
  /** HSN code of the goods in the category (fresh fish 0302); '' when the shop has not set it. */
  hsn_code: ColumnType<string, string | undefined, string>;
  /** GST rate of the category's goods in basis points (500 = 5 %). */
  gst_rate_bp: ColumnType<number, number | undefined, number>;
}

/** A special category (a home-page section) has the columns of a category. */
export type SpecialCategoryTable = CategoryTable;

export interface SpecialCategoryProductTable {
  special_category_id: number;
  product_id: number;
  sort_order: number;
}

export interface ProductTable {
  id: number;
  company_id: number;
  category_id: number;
  name: string;
  description: string;
  image: string;
  unit_label: string;
  is_variant_enabled: number;
  active: number;
  /** Lower-case name, category and description, for case-insensitive partial search. */
  search_text: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** Grams before cleaning; null when not sold by weight. */
  gross_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Grams after cleaning: the price per kg is the rate over this. */
  net_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Pieces in a pack, e.g. '6-8'. */
  pieces: ColumnType<string | null, string | null | undefined, string | null>;
  /** People a pack serves, e.g. '2-3'. */
  serves: ColumnType<string | null, string | null | undefined, string | null>;
  /** The product's own HSN code and GST rate, when they differ from its category's. */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  gst_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Another name a shopper may search a product or a category by (a local or trade name, a
 * common misspelling): exactly one of product_id and category_id is set.
 */
export interface SearchAliasTable {
  id: Generated<number>;
  company_id: number;
  product_id: number | null;
  category_id: number | null;
  alias: string;
}

/**
 * The search index: one row per word a product or category can be found by (words of its name,
 * its aliases, and for a product those of its category), rebuilt from the catalogue by
 * search-repository.ts. Category rows have no product_id.
 */
export interface SearchTermTable {
  id: Generated<number>;
  company_id: number;
  product_id: number | null;
  category_id: number;
  /** One lower-case word. */
  term: string;
  /** Where the word comes from: 0 the product's name, 1 an alias, 2 its category. */
  source: number;
}

/** The distinct words of search_terms per company: what fuzzy matching compares a typed word against. */
export interface SearchWordTable {
  id: Generated<number>;
  company_id: number;
  term: string;
}

/** A product's rating from the reviews of the orders that held it; kept up to date as reviews are saved and deleted. */
export interface ProductRatingTable {
  product_id: number;
  /** Sum of the ratings (1 to 5) of the reviewed orders holding the product. */
  rating_sum: number;
  /** How many reviewed orders hold the product. */
  rating_count: number;
}

/** A product's uploaded photograph: its key (a hash of the picture) and the widths it was made in, comma-separated. */
export interface ProductPhotoTable {
  product_id: number;
  photo_key: string;
  widths: string;
  updated_at: string;
}

/** One made file of a product photograph: `<key>-<width>.<avif|webp>`. */
export interface ProductPhotoFileTable {
  name: string;
  product_id: number;
  content_type: string;
  bytes: Buffer;
}

export interface VariantTable {
  id: number;
  product_id: number;
  name: string;
  active: number;
  sort_order: number;
  /** Grams before cleaning; null when not sold by weight. */
  gross_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Grams after cleaning: the price per kg is the rate over this. */
  net_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Pieces in a pack, e.g. '6-8'. */
  pieces: ColumnType<string | null, string | null | undefined, string | null>;
  /** People a pack serves, e.g. '2-3'. */
  serves: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Prices and stock per branch and product (variant_id 0 for a product without variants).
 * Units move between available, reserved (awaiting payment) and sold; their sum changes only
 * when the shop restocks.
 */
export interface BranchStockTable {
  id: Generated<number>;
  branch_id: number;
  product_id: number;
  variant_id: number;
  s_rate: number;
  o_rate: number | null;
  available: number;
  reserved: number;
  sold: number;
  active: number;
  updated_at: string;
}

export interface OfferTable {
  id: number;
  company_id: number;
  branch_id: number | null;
  title: string;
  description: string;
  image: string;
  badge: string;
  category_id: number | null;
  active: number;
  starts_at: string;
  ends_at: string;
  sort_order: number;
}

export interface OfferProductTable {
  offer_id: number;
  product_id: number;
}

export interface DeliverySlotTable {
  id: Generated<number>;
  company_id: number;
  branch_id: number;
  slot_date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  booked: number;
  active: number;
}

export interface CouponTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  title: string;
  description: string;
  discount_type: 'PERCENT' | 'FLAT';
  /** Percent (whole number) or paise, per discount_type. */
  discount_value: number;
  max_discount: number | null;
  min_order: number;
  per_customer_limit: number;
  valid_from: string;
  valid_to: string;
  active: number;
}

export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  customer_id: number;
  order_id: number;
  status: 'RESERVED' | 'USED' | 'RELEASED';
  created_at: string;
}
