import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of the catalogue (spec section 3: camelCase items, amounts in rupees; FAQ and
 * delivery slots PascalCase as the spec names them). The server validates and documents its
 * answers with them; the browser's types are their `Static` forms, imported as types only so no
 * schema code ships to the browser.
 */

export const ProductVariantSchema = Type.Object({
  variantId: Type.Integer(),
  name: Type.String({ description: "Weight and cut, e.g. '500 g · Curry cut'" }),
  active: Type.Boolean({ description: 'Sold in this branch now; inactive variants are listed so a cart can explain them' }),
  sRate: Type.Number({ description: 'Selling rate, rupees' }),
  oRate: Type.Union([Type.Number(), Type.Null()], { description: 'Offer rate in rupees when lower than sRate' }),
  isStockAvailable: Type.Boolean(),
  stockQty: Type.Integer(),
  cartQty: Type.Integer({ description: "Quantity in the caller's cart (0 without a token)" }),
  grossGrams: Type.Optional(Type.Integer({ minimum: 1, description: 'Grams before cleaning; absent when not sold by weight' })),
  netGrams: Type.Optional(Type.Integer({ minimum: 1, description: 'Grams after cleaning; absent when not sold by weight' })),
  pieces: Type.Optional(Type.String({ description: "Pieces in a pack, e.g. '6-8'" })),
  serves: Type.Optional(Type.String({ description: "People a pack serves, e.g. '2-3'" })),
  pricePerKg: Type.Optional(
    Type.Number({ description: 'Rupees per kg of net weight at the rate charged (the offer rate when there is one); absent without a net weight' }),
  ),
});

export const ProductPhotoSchema = Type.Object({
  avif: Type.String({ description: 'srcset of the photo in AVIF: "/photos/<key>-320.avif 320w, …"' }),
  webp: Type.String({ description: 'srcset of the photo in WebP' }),
  src: Type.String({ description: 'One WebP file of the photo, for browsers without srcset' }),
});
export type ProductPhoto = Static<typeof ProductPhotoSchema>;

export const ProductSchema = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  image: Type.String({ description: 'Path under /images/' }),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  unitLabel: Type.String(),
  active: Type.Boolean(),
  isVariantEnabled: Type.Boolean(),
  variantId: Type.Integer({ description: 'Selected variant (the asked one, else the first in stock, else the first active); 0 without variants' }),
  variantName: Type.String(),
  variantActive: Type.Boolean(),
  isStockAvailable: Type.Boolean(),
  stockQty: Type.Integer(),
  sRate: Type.Number(),
  oRate: Type.Union([Type.Number(), Type.Null()]),
  cartQty: Type.Integer(),
  variants: Type.Array(ProductVariantSchema),
  rating: Type.Optional(
    Type.Number({ minimum: 1, maximum: 5, description: 'Average rating of the reviewed orders that held it, one decimal; absent until one is reviewed' }),
  ),
  ratingCount: Type.Optional(Type.Integer({ minimum: 1, description: 'How many reviewed orders held it; absent until one is reviewed' })),
  photo: Type.Optional(ProductPhotoSchema),
  grossGrams: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Grams before cleaning; of the selected variant (or the product); absent when not sold by weight' }),
  ),
  netGrams: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Grams after cleaning; of the selected variant (or the product); absent when not sold by weight' }),
  ),
  pieces: Type.Optional(Type.String({ description: "Pieces in a pack, e.g. '6-8'" })),
  serves: Type.Optional(Type.String({ description: "People a pack serves, e.g. '2-3'" })),
  pricePerKg: Type.Optional(
    Type.Number({ description: 'Rupees per kg of net weight at the rate charged (the offer rate when there is one); absent without a net weight' }),
  ),
});

export const CategorySchema = Type.Object({
  categoryId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
  productCount: Type.Integer({ description: 'Active products in the category' }),
});

export const SpecialCategorySchema = Type.Object({
  specialCategoryId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
});

export const OfferSchema = Type.Object({
  offerId: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  image: Type.String({ description: 'Banner, 2:1' }),
  badge: Type.String(),
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  startsAt: Type.String({ description: 'ISO-8601 UTC' }),
  endsAt: Type.String({ description: 'ISO-8601 UTC' }),
});

export const FaqSchema = Type.Object({ FaqId: Type.Integer(), Question: Type.String(), Answer: Type.String() });

export const DeliverySlotSchema = Type.Object({
  DeliveryId: Type.Integer(),
  SlotDate: Type.String({ description: 'Shop-local date, YYYY-MM-DD' }),
  StartTime: Type.String({ description: 'HH:MM, shop-local' }),
  EndTime: Type.String({ description: 'HH:MM, shop-local' }),
  Label: Type.String({ description: "e.g. 'Sat, 22 Nov · 7:00 AM – 9:00 AM'" }),
  Available: Type.Integer({ description: 'Orders the slot can still take' }),
  Capacity: Type.Integer({ description: 'Orders the slot takes in all' }),
  Full: Type.Boolean({ description: 'No room left; only listed with includeFull' }),
});

export const ProductSelectSchema = Type.Object({ ProductId: Type.Integer(), ProductName: Type.String(), CategoryId: Type.Integer() });

export type ProductVariant = Static<typeof ProductVariantSchema>;
export type Product = Static<typeof ProductSchema>;
export type Category = Static<typeof CategorySchema>;
export type SpecialCategory = Static<typeof SpecialCategorySchema>;
export type Offer = Static<typeof OfferSchema>;
export type Faq = Static<typeof FaqSchema>;
export type ProductSelect = Static<typeof ProductSelectSchema>;

/** A delivery slot as the server sends it; one remembered in the browser by an older version may lack Capacity and Full. */
export type DeliverySlot = Omit<Static<typeof DeliverySlotSchema>, 'Capacity' | 'Full'> & Partial<Pick<Static<typeof DeliverySlotSchema>, 'Capacity' | 'Full'>>;

/** A page of a list as the browser's API functions return it. */
export interface Paged<T> {
  items: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

/** A product offered while the shopper types in the search box. */
export const ProductSuggestionSchema = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  image: Type.String({ description: 'Path under /images/' }),
});

/** A category offered while the shopper types in the search box. */
export const CategorySuggestionSchema = Type.Object({
  categoryId: Type.Integer(),
  name: Type.String(),
  image: Type.String({ description: 'Path under /images/' }),
});

/** What GET /api/search/suggestions answers (not in the spec; docs/api-catalogue.md). */
export const SearchSuggestionsSchema = Type.Object({
  query: Type.String({ description: 'The query as searched: trimmed, inner spaces collapsed' }),
  correction: Type.Union([Type.String(), Type.Null()], {
    description: 'The query spelled as the catalogue knows it when some word was a near miss ("prwn" → "prawn"); null otherwise',
  }),
  categories: Type.Array(CategorySuggestionSchema, { description: 'Best first; at most 3' }),
  products: Type.Array(ProductSuggestionSchema, { description: 'Best first; with the categories, at most 8 in all' }),
});

export type ProductSuggestion = Static<typeof ProductSuggestionSchema>;
export type CategorySuggestion = Static<typeof CategorySuggestionSchema>;
export type SearchSuggestions = Static<typeof SearchSuggestionsSchema>;
