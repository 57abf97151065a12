import { Type } from '@sinclair/typebox';

/** Query schemas of the catalogue routes; the items they answer are wire schemas of contract/catalogue.schemas.ts. */

const MAX_ID = 2147483647;

export const Id = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description });

export const PagingQuery = {
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'From 1' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: '1 to 100' })),
};

export const SearchQuery = Type.Optional(
  Type.String({ maxLength: 100, description: 'Case-insensitive; every word must match part of the name, category or description' }),
);

/** How a product list narrows and pages: a category, a search, a page. */
export const ProductFilterQuery = {
  categoryId: Type.Optional(Id('Only products of this category')),
  search: SearchQuery,
  ...PagingQuery,
};

export const BranchQuery = Type.Optional(Id('Branch id; the company’s default branch when left out'));

/** Optional bearer token: with one, cartQty is filled from the caller's cart. */
export const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];
