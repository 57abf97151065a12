import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok, page } from '../lib/envelope.js';
import { notFound } from '../lib/http-errors.js';
import { offerProducts } from '../repositories/catalogue-repository.js';
import { findOffer, listOffers } from '../repositories/catalogue-sections-repository.js';
import { assertListedCategory, optionalCustomerId, resolveBranch } from './catalogue.routes.js';
import { BranchQuery, Id, ProductFilterQuery, optionalBearer } from './catalogue-query.schemas.js';
import { OfferSchema, ProductSchema } from '../../contract/catalogue.schemas.js';

/** Running offers of a branch and the products of one offer. */
export const offersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Offer/all/:companyId/:branchId',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Offers running now in a branch (company-wide ones and the branch’s own)',
        params: Type.Object({ companyId: Id('Company id'), branchId: Id('Branch id') }),
        response: { 200: EnvelopeSchema(Type.Array(OfferSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, branchId } = request.params;
      await resolveBranch(app, companyId, branchId);
      return ok(await listOffers(app.db, { companyId, branchId }));
    },
  );

  app.get(
    '/Offer/products/:offerId',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Products of a running offer in a branch, by category and search, paginated',
        security: optionalBearer,
        params: Type.Object({ offerId: Id('Offer id') }),
        querystring: Type.Object({
          branchId: BranchQuery,
          ...ProductFilterQuery,
        }),
        response: { 200: EnvelopeSchema(Type.Array(ProductSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { offerId } = request.params;
      const { categoryId, search, pageNumber, pageSize } = request.query;
      const found = await findOffer(app.db, offerId);
      if (found.state !== 'running') throw notFound(found.state === 'ended' ? `Offer ${offerId} has ended.` : `Offer ${offerId} was not found.`);
      // A branch's own offer is shown in that branch only.
      const branchId = await resolveBranch(app, found.companyId, request.query.branchId ?? found.branchId ?? undefined);
      if (found.branchId !== null && found.branchId !== branchId) throw notFound(`Offer ${offerId} is not available in branch ${branchId}.`);
      await assertListedCategory(app, found.companyId, categoryId);
      const customerId = await optionalCustomerId(app, request, found.companyId);
      const result = await offerProducts(app.db, {
        companyId: found.companyId,
        branchId,
        offerId,
        offerCategoryId: found.offer.categoryId,
        categoryId,
        search: search?.trim(),
        pageNumber,
        pageSize,
        customerId,
      });
      return page(result.items, result.totalCount);
    },
  );
};
