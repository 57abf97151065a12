import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `intervalMs` while the server is up: never two rounds at once (a slow round
 * skips the next tick), a failed round logged for the shop and tried again on the next tick, and
 * the timer stopped when the server closes. Every instance of a shop runs its own; each job is
 * written so that instances racing over the same rows change each one once.
 */
export function runPeriodically(app: FastifyInstance, job: { name: string; intervalMs: number; work: () => Promise<void> }): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void job
      .work()
      .catch((error: unknown) => app.log.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = false;
      });
  }, job.intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
