import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { badRequest } from '../lib/http-errors.js';
import { searchSuggestions } from '../repositories/catalogue-search.js';
import { resolveBranch } from './catalogue.routes.js';
import { BranchQuery, Id } from './catalogue-query.schemas.js';
import { SearchSuggestionsSchema } from '../../contract/catalogue.schemas.js';

/** The longest query the suggestions take. */
export const MAX_SUGGESTION_QUERY = 60;
/** How long a browser or proxy may reuse an answer: the catalogue's names change rarely. */
const SUGGESTIONS_MAX_AGE_S = 60;

/** Suggestions while the shopper types in the search box (not in the spec; docs/api-catalogue.md). */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Up to 8 products and categories whose names or other names begin with, contain or nearly match q (typos forgiven)',
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: MAX_SUGGESTION_QUERY, description: 'What the shopper has typed so far' }),
          companyId: Type.Optional(Id('Company id; the configured default company when left out')),
          branchId: BranchQuery,
        }),
        response: { 200: EnvelopeSchema(SearchSuggestionsSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query.q.trim();
      if (!/[\p{L}\p{N}]/u.test(q)) throw badRequest('q must contain a letter or a digit.');
      const companyId = request.query.companyId ?? app.config.defaultCompanyId;
      const branchId = await resolveBranch(app, companyId, request.query.branchId);
      reply.header('cache-control', `public, max-age=${SUGGESTIONS_MAX_AGE_S}`);
      return ok(await searchSuggestions(app.db, { companyId, branchId, query: q }));
    },
  );
};
