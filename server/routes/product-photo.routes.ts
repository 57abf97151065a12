import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../lib/http-errors.js';
import { findPhotoFile } from '../repositories/product-photo-repository.js';

/** Made files kept in memory, so a busy list does not read the same pictures from the database again and again. */
const MEMORY_FILES = 300;

/**
 * GET /photos/<key>-<width>.<avif|webp>: a product photograph's file (outside /api, for <img> and
 * <source> tags). A file's name holds a hash of the picture, so a new photo has new names and
 * browsers may keep a file for a year.
 */
export const productPhotoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kept = new Map<string, { content_type: string; bytes: Buffer }>();
  app.get(
    '/photos/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ pattern: '^[0-9a-f]{16}-\\d{3,4}\\.(avif|webp)$' }) }) } },
    async (request, reply) => {
      const { name } = request.params;
      let file = kept.get(name);
      if (!file) {
        file = await findPhotoFile(app.db, name);
        if (!file) throw notFound('There is no such photo.');
        if (kept.size >= MEMORY_FILES) kept.delete(kept.keys().next().value as string);
        kept.set(name, file);
      }
      return reply
        .type(file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(file.bytes));
    },
  );
};
