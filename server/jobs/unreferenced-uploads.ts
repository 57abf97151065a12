import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { removeUnreferencedUploads } from '../services/upload-service.js';
import { runPeriodically } from './periodic-job.js';

/** How often uploads past their grace period are looked for. */
export const UPLOAD_SWEEP_MS = 3600_000;

/** Removes photos no return request names once their grace period is over (upload-service.ts). */
export const unreferencedUploadsJob = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, {
      name: 'unreferenced upload sweep',
      intervalMs: UPLOAD_SWEEP_MS,
      work: async () => {
        const removed = await removeUnreferencedUploads(app.db, app.config.dataDir);
        if (removed.length > 0) app.log.info({ removed: removed.length }, 'unreferenced uploads removed');
      },
    });
  },
  { name: 'unreferenced-uploads-job', dependencies: ['db'] },
);
