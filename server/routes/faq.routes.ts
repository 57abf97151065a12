import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { listFaqs } from '../repositories/catalogue-sections-repository.js';
import { assertCompany } from './catalogue.routes.js';
import { Id } from './catalogue-query.schemas.js';
import { FaqSchema } from '../../contract/catalogue.schemas.js';

/** The shop's frequently asked questions (unauthenticated). */
export const faqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/FAQ/common/:companyId',
    {
      schema: {
        tags: ['Company'],
        summary: 'Active questions and answers of a company, in order',
        params: Type.Object({ companyId: Id('Company id') }),
        response: { 200: EnvelopeSchema(Type.Array(FaqSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await assertCompany(app, companyId);
      return ok(await listFaqs(app.db, companyId));
    },
  );
};
