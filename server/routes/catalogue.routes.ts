import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { notFound } from '../lib/http-errors.js';
import { bearerToken } from '../plugins/auth.plugin.js';
import { listProducts } from '../repositories/catalogue-repository.js';
import { cartQuantities, type ProductPage } from '../repositories/product-rows.js';
import { answerList, type CallerPage } from './caller-pages.js';
import { companyBranchIds, companyExists, findCategory, listCategories, listSpecialCategories } from '../repositories/catalogue-sections-repository.js';
import { BranchQuery, Id, ProductFilterQuery, optionalBearer } from './catalogue-query.schemas.js';
import { CategorySchema, ProductSchema, SpecialCategorySchema } from '../../contract/catalogue.schemas.js';

/**
 * The caller's customer id when a bearer token came with the request (catalogue reads are open
 * to everyone; a token only adds cartQty). A token that is present but invalid is a 401, so a
 * stale session is noticed rather than silently ignored.
 */
export async function optionalCustomerId(app: FastifyInstance, request: FastifyRequest, companyId: number): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const principal = await app.tokens.verify(token);
  request.principal = principal;
  return principal.companyId === companyId ? principal.customerId : undefined;
}

/**
 * A page of products for the caller: the page every caller shares (kept in app.keptPages, read
 * by `read` without a customer) and, for a signed-in customer, one read of their cart lines for
 * its products, run after the token check (decision 025).
 */
export async function pageForCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  where: { companyId: number; branchId: number },
  key: string,
  read: () => Promise<ProductPage>,
): Promise<CallerPage> {
  const [customerId, shared] = await Promise.all([optionalCustomerId(app, request, where.companyId), app.keptPages.get(key, read)]);
  if (customerId === undefined) return { shared, cart: null };
  const ids = shared.items.map((p) => p.productId);
  return { shared, cart: await cartQuantities(app.db, customerId, where.branchId, ids) };
}

/** 404 for an unknown company. */
export async function assertCompany(app: FastifyInstance, companyId: number): Promise<void> {
  if (!(await companyExists(app.db, companyId))) throw notFound(`Company ${companyId} was not found.`);
}

/**
 * The branch to price and stock from: the one asked for (it must belong to the company), else
 * the configured default branch when it is the company's, else the company's first branch.
 */
export async function resolveBranch(app: FastifyInstance, companyId: number, branchId: number | undefined): Promise<number> {
  const branches = await companyBranchIds(app.db, companyId);
  if (branches.length === 0) {
    await assertCompany(app, companyId);
    throw notFound(`Company ${companyId} has no open branch.`);
  }
  if (branchId !== undefined) {
    if (!branches.includes(branchId)) throw notFound(`Branch ${branchId} was not found for company ${companyId}.`);
    return branchId;
  }
  return branches.includes(app.config.defaultBranchId) ? app.config.defaultBranchId : (branches[0] as number);
}

/** 404 unless the category is one the company shows: a filter by a hidden or foreign category finds nothing to list. */
export async function assertListedCategory(app: FastifyInstance, companyId: number, categoryId: number | undefined): Promise<void> {
  if (categoryId === undefined) return;
  const category = await findCategory(app.db, categoryId);
  if (!category || category.companyId !== companyId || !category.active) throw notFound(`Category ${categoryId} was not found.`);
}

const CompanyQuery = Type.Optional(Id('Company id; the configured default company when left out'));

/** The three lists the home page loads at start: categories, products and special categories. */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const companyOf = (companyId: number | undefined): number => companyId ?? app.config.defaultCompanyId;

  app.get(
    '/categories',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Active categories of a company with their product counts',
        querystring: Type.Object({ companyId: CompanyQuery }),
        response: { 200: EnvelopeSchema(Type.Array(CategorySchema)), ...errorResponses },
      },
    },
    async (request) => {
      const companyId = companyOf(request.query.companyId);
      await assertCompany(app, companyId);
      return ok(await listCategories(app.db, companyId));
    },
  );

  app.get(
    '/special-categories',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Active special categories (home page sections) of a company',
        querystring: Type.Object({ companyId: CompanyQuery }),
        response: { 200: EnvelopeSchema(Type.Array(SpecialCategorySchema)), ...errorResponses },
      },
    },
    async (request) => {
      const companyId = companyOf(request.query.companyId);
      await assertCompany(app, companyId);
      return ok(await listSpecialCategories(app.db, companyId));
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Products of a branch: by category, by search, paginated (TotalCount is the number of matches)',
        security: optionalBearer,
        querystring: Type.Object({
          companyId: CompanyQuery,
          branchId: BranchQuery,
          ...ProductFilterQuery,
        }),
        response: { 200: EnvelopeSchema(Type.Array(ProductSchema)), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { categoryId, search, pageNumber, pageSize } = request.query;
      const companyId = companyOf(request.query.companyId);
      const branchId = await resolveBranch(app, companyId, request.query.branchId);
      await assertListedCategory(app, companyId, categoryId);
      const filter = { companyId, branchId, categoryId, search: search?.trim(), pageNumber, pageSize };
      return answerList(reply, await pageForCaller(app, request, filter, `list:${JSON.stringify(filter)}`, () => listProducts(app.db, filter, app.listings)));
    },
  );
};
