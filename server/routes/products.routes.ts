import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { notFound } from '../lib/http-errors.js';
import { productCompany, productDetail, productSelectList, specialCategoryProducts, variantBelongs } from '../repositories/catalogue-repository.js';
import { findSpecialCategory } from '../repositories/catalogue-sections-repository.js';
import { assertCompany, pageForCaller, resolveBranch } from './catalogue.routes.js';
import { answerList, answerProduct } from './caller-pages.js';
import { BranchQuery, Id, PagingQuery, SearchQuery, optionalBearer } from './catalogue-query.schemas.js';
import { ProductSchema, ProductSelectSchema } from '../../contract/catalogue.schemas.js';

/** Product detail, special-category products and the product picker list. */
export const productsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Product/special/:specialCategoryId',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Products of a special category in its own order, paginated',
        security: optionalBearer,
        params: Type.Object({ specialCategoryId: Id('Special category id') }),
        querystring: Type.Object({ branchId: BranchQuery, search: SearchQuery, ...PagingQuery }),
        response: { 200: EnvelopeSchema(Type.Array(ProductSchema)), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { specialCategoryId } = request.params;
      const special = await findSpecialCategory(app.db, specialCategoryId);
      if (!special || !special.active) throw notFound(`Special category ${specialCategoryId} was not found.`);
      const branchId = await resolveBranch(app, special.companyId, request.query.branchId);
      const { search, pageNumber, pageSize } = request.query;
      const filter = { companyId: special.companyId, branchId, specialCategoryId, search: search?.trim(), pageNumber, pageSize };
      const caller = await pageForCaller(app, request, filter, `special:${JSON.stringify(filter)}`, () =>
        specialCategoryProducts(app.db, filter, app.listings),
      );
      return answerList(reply, caller);
    },
  );

  app.get(
    '/Product/detail/:productId',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'One product with all its variants in a branch; variantId selects a variant',
        security: optionalBearer,
        params: Type.Object({ productId: Id('Product id') }),
        querystring: Type.Object({
          branchId: BranchQuery,
          variantId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Variant to select; 0 or absent for the default' })),
        }),
        response: { 200: EnvelopeSchema(ProductSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      const { variantId } = request.query;
      const companyId = await productCompany(app.db, productId);
      if (companyId === undefined) throw notFound(`Product ${productId} was not found.`);
      const branchId = await resolveBranch(app, companyId, request.query.branchId);
      if (variantId && !(await variantBelongs(app.db, productId, variantId))) {
        throw notFound(`Variant ${variantId} of product ${productId} was not found.`);
      }
      const selected = { productId, branchId, variantId: variantId || undefined };
      const caller = await pageForCaller(app, request, { companyId, branchId }, `detail:${JSON.stringify(selected)}`, async () => {
        const product = await productDetail(app.db, selected);
        return { items: product ? [product] : [], totalCount: product ? 1 : 0 };
      });
      const [product] = caller.shared.items;
      // Inactive products, and products this branch does not sell, are not shown to customers.
      if (!product || !product.active) throw notFound(`Product ${productId} is not available.`);
      return answerProduct(reply, caller);
    },
  );

  app.get(
    '/Product/company/select/:companyId',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Id, name and category of every active product, by name',
        params: Type.Object({ companyId: Id('Company id') }),
        response: { 200: EnvelopeSchema(Type.Array(ProductSelectSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await assertCompany(app, companyId);
      return ok(await productSelectList(app.db, companyId));
    },
  );
};
