import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, RetryLaterError } from '../lib/http-errors.js';
import { openingPages, type ShopIds } from '../spa/opening-page.js';
import { isClientAssetPath } from '../spa/client-files.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

const PART_NAMES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

/** Largest id the API accepts (a 32-bit database integer). */
const MAX_ID = 2147483647;

/**
 * Turns one schema violation into a sentence a caller can act on ('categoryId must be a whole
 * number.'), rather than the validator's wording. Used for every route.
 */
export function describeValidation(context: string | undefined, issue: ValidationIssue): string {
  const where = PART_NAMES[context ?? ''] ?? context ?? 'request';
  const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || `the ${where}`;
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return `${String(params.missingProperty)} is required in the ${where}.`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not a known field of the ${where}.`;
    case 'type':
      if (params.type === 'integer') return `${field} must be a whole number.`;
      if (params.type === 'number') return `${field} must be a number.`;
      return `${field} must be a${/^[aeiou]/.test(String(params.type)) ? 'n' : ''} ${String(params.type)}.`;
    case 'minimum':
      return `${field} must be at least ${String(params.limit)}.`;
    case 'maximum':
      return params.limit === MAX_ID ? `${field} is too large to be an id.` : `${field} must be at most ${String(params.limit)}.`;
    case 'minLength':
      return `${field} must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters long.`;
    case 'minItems':
      return `${field} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}.`;
    case 'maxItems':
      return `${field} must have at most ${String(params.limit)} items.`;
    case 'enum':
      return `${field} must be one of: ${((params.allowedValues as unknown[]) ?? []).join(', ')}.`;
    case 'const':
      return `${field} must be ${String(params.allowedValue)}.`;
    case 'pattern':
    case 'format':
      return `${field} is not in the expected format.`;
    default:
      return `${field} ${issue.message ?? 'is not valid'}.`;
  }
}

/** The first field (searching nested objects and arrays) holding a number that is not finite. */
function nonFiniteField(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || 'the value';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const found = nonFiniteField(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

async function errorsPlugin(app: FastifyInstance, options: { spa?: { clientDir: string; shop: ShopIds } | false }): Promise<void> {
  // The validator coerces "1e309" and "Infinity" to numbers that pass integer checks; refuse them
  // before a handler or the database sees them.
  app.addHook('preHandler', async (request) => {
    const field = nonFiniteField(request.params) ?? nonFiniteField(request.query) ?? nonFiniteField(request.body);
    if (field) throw new HttpError(400, `${field} must be a finite number.`);
  });

  app.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[]; validationContext?: string }, request, reply) => {
    // Error bodies are always the envelope, even on routes whose schema describes another error shape.
    reply.serializer((payload: unknown) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      if (error instanceof RetryLaterError) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return reply.code(error.statusCode).send({ Success: false, Message: error.message, Data: null, ...(error.code ? { Code: error.code } : {}) });
    }
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0] as ValidationIssue;
      return reply.code(400).send({ Success: false, Message: describeValidation(error.validationContext, first), Data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'This content type is not accepted here.'
              : error.message;
      return reply.code(status).send({ Success: false, Message: message, Data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ Success: false, Message: 'Something went wrong on our side. Please try again.', Data: null });
  });

  // Client routes are the SPA's: any GET outside the API, hub, sandbox and files gets index.html.
  const opening = options.spa ? openingPages(app, options.spa.clientDir, options.spa.shop) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const apiLike = /^\/(api|catalogueHub|sandbox|uploads|images|photos)(\/|$|\?)/.test(request.url);
    // A script or style sheet that is not there (a build replaced long ago) must fail as one: the
    // HTML page in its place would be run as code, and a 200 would tell the browser it was fine.
    if (!apiLike && isClientAssetPath(request.url)) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');
    }
    if (opening && request.method === 'GET' && !apiLike) return opening.serve(request, reply);
    return reply.code(404).send({ Success: false, Message: 'Not Found', Data: null });
  });
}

export const errorsPluginFp = fp(errorsPlugin, { name: 'errors' });
