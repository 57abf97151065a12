import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { EnvelopeSchema, ErrorSchema, errorResponses, ok } from '../lib/envelope.js';
import { HttpError, badRequest, notFound } from '../lib/http-errors.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA, assertUploadQuota, detectImageType, readUpload, storeUpload } from '../services/upload-service.js';
import { lockCustomerRow } from '../repositories/order-repository.js';
import { UploadedImageSchema } from '../../contract/upload.schemas.js';

const maxMb = MAX_UPLOAD_BYTES / (1024 * 1024);
const tooLarge = () => new HttpError(413, `The photo is larger than ${maxMb} MB. Please choose a smaller one.`);
const notAnImage = () => new HttpError(415, 'Only JPEG, PNG or WebP photos can be uploaded.');

function isMultipartError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** POST /api/Product/images: a customer's photo (return requests), multipart with a bearer token. */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered here, not app-wide: this is the only route that takes multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/Product/images',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Upload'],
        summary: `Uploads one photo (JPEG, PNG or WebP, at most ${maxMb} MB) as multipart form data; ${UPLOAD_QUOTA.files} photos or ${UPLOAD_QUOTA.bytes / (1024 * 1024)} MB a day per customer`,
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: EnvelopeSchema(UploadedImageSchema), 413: ErrorSchema, 415: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      if (!request.isMultipart()) throw badRequest('Send the photo as multipart form data.');
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw badRequest('Choose a photo to upload.');
        bytes = await file.toBuffer();
      } catch (error) {
        if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) throw tooLarge();
        if (isMultipartError(error, 'FST_FILES_LIMIT') || isMultipartError(error, 'FST_PARTS_LIMIT')) throw badRequest('Upload one photo at a time.');
        if (error instanceof HttpError) throw error;
        // The form itself is broken (no boundary, cut off): the caller's mistake, not ours.
        throw badRequest('The upload is not valid multipart form data.');
      }
      if (bytes.length === 0) throw badRequest('The photo is empty.');
      const type = detectImageType(bytes);
      if (!type) throw notAnImage();
      const stored = await storeUpload(app.db, app.config.dataDir, customerId, bytes, type, async (trx) => {
        await lockCustomerRow(app, trx, customerId);
        await assertUploadQuota(trx, customerId, bytes.length);
      });
      return ok(stored, 'Photo uploaded');
    },
  );
};

/** GET /uploads/<name>: serves a stored photo back with its real type (outside /api, for <img> tags). */
export const uploadFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/uploads/:name', { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 64 }) }) } }, async (request, reply) => {
    const upload = await readUpload(app.db, app.config.dataDir, request.params.name);
    if (!upload) throw notFound();
    return reply.type(upload.mime).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=86400').send(upload.bytes);
  });
};
