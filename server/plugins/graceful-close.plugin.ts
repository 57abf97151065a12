import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** How long requests still being answered may take once the server is closing, before their sockets are cut. */
export const CLOSE_GRACE_MS = 3_000;
const IDLE_SWEEP_MS = 50;

/**
 * Lets the server close within seconds. Node's server.close() ends the keep-alive sockets that are
 * idle at that moment only; a socket still answering a request then stays open after its answer
 * until the keep-alive timeout (72 s in Fastify) and holds the close up. While closing, every
 * answer says `connection: close`, sockets are ended as soon as they fall idle (a Server-Sent
 * Events stream is written past Fastify's hooks), and whatever is still open after the grace
 * period is cut.
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance, options: { graceMs?: number }) => {
    let closing = false;
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
    app.addHook('preClose', async () => {
      closing = true;
      if (!app.server.listening) return;
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      const cut = setTimeout(() => app.server.closeAllConnections(), options.graceMs ?? CLOSE_GRACE_MS);
      app.server.once('close', () => {
        clearInterval(sweep);
        clearTimeout(cut);
      });
    });
  },
  { name: 'graceful-close' },
);
