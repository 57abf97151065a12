import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { notFound } from '../lib/http-errors.js';
import { findCompany, listActiveBranches, listCompanyPages } from '../repositories/company-repository.js';
import { companyExists } from '../repositories/catalogue-sections-repository.js';
import { listSettings } from '../repositories/settings-repository.js';

export const CompanyIdParams = Type.Object({
  companyId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Company id' }),
});

const CompanyDetails = Type.Object({
  CompanyId: Type.Integer(),
  Name: Type.String(),
  DisplayName: Type.String(),
  CurrencySymbol: Type.String(),
  CurrencyCode: Type.String(),
  DecimalValue: Type.Integer(),
  ThemeColor: Type.String(),
  Logo: Type.String(),
  CompanyInfo: Type.Object({
    About: Type.String(),
    Phone: Type.String(),
    Email: Type.String(),
    Address: Type.String(),
    ReturnWindowHours: Type.Integer(),
  }),
  Branches: Type.Array(Type.Object({ BranchId: Type.Integer(), Name: Type.String(), Address: Type.String(), Phone: Type.String() })),
  Pages: Type.Array(Type.Object({ Slug: Type.String(), Title: Type.String(), Body: Type.String() })),
});

const Setting = Type.Object({ KeyCode: Type.String(), Value: Type.String(), Active: Type.Boolean() });

/** Company details and settings: unauthenticated, read by every page through the config store. */
export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Company/details/:companyId',
    {
      schema: {
        tags: ['Company'],
        summary: 'Company details: currency, decimals, contact, information pages and branches',
        params: CompanyIdParams,
        response: { 200: EnvelopeSchema(CompanyDetails), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const company = await findCompany(app.db, companyId);
      if (!company) throw notFound(`Company ${companyId} was not found.`);
      const [branches, pages] = await Promise.all([listActiveBranches(app.db, companyId), listCompanyPages(app.db, companyId)]);
      return ok({
        CompanyId: company.id,
        Name: company.name,
        DisplayName: company.display_name,
        CurrencySymbol: company.currency_symbol,
        CurrencyCode: company.currency_code,
        DecimalValue: company.decimal_value,
        ThemeColor: company.theme_color,
        Logo: company.logo,
        CompanyInfo: {
          About: company.about,
          Phone: company.phone,
          Email: company.email,
          Address: company.address,
          ReturnWindowHours: company.return_window_hours,
        },
        Branches: branches.map((b) => ({ BranchId: b.id, Name: b.name, Address: b.address, Phone: b.phone })),
        Pages: pages.map((p) => ({ Slug: p.slug, Title: p.title, Body: p.body })),
      });
    },
  );

  app.get(
    '/Company/settings/:companyId',
    {
      schema: {
        tags: ['Company'],
        summary: 'Company settings as KeyCode / Value / Active',
        params: CompanyIdParams,
        response: { 200: EnvelopeSchema(Type.Array(Setting)), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      if (!(await companyExists(app.db, companyId))) throw notFound(`Company ${companyId} was not found.`);
      const rows = await listSettings(app.db, companyId);
      return ok(rows.map((s) => ({ KeyCode: s.key_code, Value: s.value, Active: s.active === 1 })));
    },
  );
};
