import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * An empty body sent as application/json counts as no body. Spec section 7 has every call send
 * JSON, so callers set the content type on bodyless calls too (Auth/login,
 * placeOrder/{id}/Proccess, Order/cancel/{id}...), and Fastify would refuse those as invalid
 * JSON. Dropping the content type of a zero-length body before parsing keeps every route's
 * own parser (the webhook reads raw text); a route whose schema needs a body still answers 400.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      // request.headers is a copy; the body is parsed from the raw request's headers.
      const headers = request.raw.headers;
      // Fastify's own test for "no body": no transfer encoding and no (or a zero) length.
      const empty = headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0');
      if (empty && headers['content-type'] !== undefined) {
        delete headers['content-type'];
      }
    });
  },
  { name: 'json-body' },
);
