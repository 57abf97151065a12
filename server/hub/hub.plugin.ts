import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HubConnection } from './hub-connection.js';
import { ConnectionRegistry } from './hub-groups.js';
import { DEFAULT_HUB_LIMITS, type HubLimits } from './hub-limits.js';
import { HUB_PATH } from '../../contract/hub-events.js';
import { InProcessBackplane, RedisBackplane, type HubBackplane, type HubEnvelope } from './hub-backplane.js';
import { createCatalogueHub } from './catalogue-hub.js';
import { createHubData, type HubData } from './hub-data.js';
import { attachWebSocketEndpoint } from './hub-websocket.js';
import { hubRoutes } from './hub-routes.js';
import { ConnectionEndpoint } from './hub-endpoint.js';
import { HubRelay } from './hub-relay.js';
import { hubAnnounceRoutes, shopAdminSecret } from './hub-announce.js';
import { messages } from './hub-messages.js';
import { writeRecord } from './text-message-format.js';
import { noteCatalogueChanged } from '../repositories/catalogue-cache.js';

export interface HubPluginOptions {
  limits?: Partial<HubLimits>;
  /** Redis channel prefix; instances sharing a prefix share groups. */
  channelPrefix?: string;
  /** Where pushed data is read from (defaults to the database tables). */
  data?: HubData;
}

export interface HubStatus {
  readonly backplane: HubBackplane['kind'];
  connectionCount(): number;
}

/**
 * How often the heartbeat looks at every connection: a quarter of the shortest timing, at most
 * once a second (as ASP.NET Core SignalR), so a timeout or ping comes at most that much late.
 */
export function heartbeatInterval(limits: HubLimits): number {
  const shortest = Math.min(limits.keepAliveIntervalMs, limits.clientTimeoutMs, limits.handshakeTimeoutMs, limits.negotiateTtlMs);
  return Math.min(1_000, Math.max(10, Math.floor(shortest / 4)));
}

/** How long a closing instance waits for long-polling clients to collect their close message through another instance. */
const LINGER_ON_CLOSE_MS = 500;

declare module 'fastify' {
  interface FastifyInstance {
    hub: HubStatus;
  }
}

/**
 * The live catalogue hub at /catalogueHub: SignalR negotiate and transports, the hub methods,
 * pushes for changes announced through app.live, and the backplane that spreads pushes over
 * every instance. Closing the app tells clients to reconnect and releases sockets, timers and
 * Redis clients.
 */
export const hubPlugin = fp(
  async (app: FastifyInstance, options: HubPluginOptions) => {
    const limits: HubLimits = { ...DEFAULT_HUB_LIMITS, ...options.limits };
    const registry = new ConnectionRegistry();
    const endpoint = new ConnectionEndpoint(registry, limits);
    const prefix = options.channelPrefix ?? process.env.HUB_CHANNEL_PREFIX ?? 'shoal:hub:';
    const redis = app.config.redisUrl ? await RedisBackplane.connect(app.config.redisUrl, prefix, app.log) : null;
    const backplane: HubBackplane = redis ?? new InProcessBackplane();
    const relay = redis ? new HubRelay(redis, endpoint, limits.longPollHoldMs, app.log) : null;

    backplane.onMessage((envelope: HubEnvelope) => {
      const members = envelope.scope === 'company' ? registry.companyMembers(envelope.id) : registry.customerConnections(envelope.id);
      if (members.length === 0) return;
      // Serialized and encoded once; every member's socket is handed the same bytes.
      const record = writeRecord(JSON.stringify(messages.invocation(envelope.target, envelope.args)));
      const bytes = Buffer.from(record, 'utf8');
      for (const connection of members) connection.sendRecord(record, bytes);
    });

    // One heartbeat for every connection of this instance: keep-alive pings and timeouts.
    const heartbeat = setInterval(() => {
      const now = Date.now();
      for (const connection of registry.connections()) {
        try {
          connection.tick(now);
        } catch (error) {
          // One connection's failure must not stop the others' pings and timeouts.
          app.log.error({ err: error, connectionId: connection.connectionId }, 'hub heartbeat failed for a connection');
        }
      }
    }, heartbeatInterval(limits));
    heartbeat.unref();

    const hub = createCatalogueHub({
      data: options.data ?? createHubData(app.db, app.listings),
      publish: (envelope) => backplane.publish(envelope),
      joinCompany: (connection, companyId) => registry.joinCompany(connection, companyId),
      defaultBranchId: app.config.defaultBranchId,
    });

    const hooks = {
      log: app.log,
      invoke: hub.invoke,
      opened: () => {},
      closed: (connection: HubConnection) => {
        registry.remove(connection);
        // The close message waits for the client's next poll.
        endpoint.linger(connection);
      },
    };

    function open(principal: HubConnection['principal'], ip: string): HubConnection {
      const connection = new HubConnection(principal, ip, limits, hooks, relay?.instanceId);
      registry.add(connection);
      return connection;
    }

    const warn = (what: string) => (error: unknown) => app.log.error({ err: error }, what);
    const offCatalogue = app.live.onCatalogue((change) => {
      backplane.shareCatalogueChange();
      void hub.pushCatalogueChange(change).catch(warn('hub catalogue push failed'));
    });
    // Another instance's change: this instance's cached catalogue answers are out of date too.
    backplane.onCatalogueChange(() => noteCatalogueChanged());
    const offCustomer = app.live.onCustomer((change) => void hub.pushCustomerChange(change).catch(warn('hub customer push failed')));

    // Pushes may have been lost while Redis was away: clients reconnect and read afresh.
    backplane.onResync(() => {
      noteCatalogueChanged();
      for (const connection of registry.all()) connection.close('Live updates were interrupted. Please reconnect.', { allowReconnect: true });
    });

    const webSockets = attachWebSocketEndpoint({ server: app.server, path: HUB_PATH, endpoint, relay, tokens: app.tokens, limits, log: app.log });
    const secret = await shopAdminSecret(app.db);
    await app.register(hubRoutes, { path: HUB_PATH, registry, limits, open, endpoint, relay });
    await app.register(hubAnnounceRoutes, { secret });

    app.decorate('hub', {
      backplane: backplane.kind,
      connectionCount: () => registry.size,
    });

    app.addHook('preClose', async () => {
      offCatalogue();
      offCustomer();
      for (const connection of registry.all()) connection.close('Server is shutting down.', { allowReconnect: true });
      relay?.close();
      // A long-polling client between two polls sends its next one to another instance, which
      // relays it here while Redis is still open: give it a moment to collect the close message.
      if (relay) await endpoint.drained(LINGER_ON_CLOSE_MS);
    });
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      endpoint.close();
      await webSockets.close();
      await backplane.close();
    });
  },
  { name: 'hub', dependencies: ['db', 'auth'] },
);
