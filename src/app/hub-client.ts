import type { HubConnection, HubConnectionState } from '@microsoft/signalr';
import { fromCallback, fromPromise } from 'xstate';
import { NOT_CONNECTED_MESSAGE, hubMachine, type HubEvent, type LiveEvent, type LiveEventName } from '../../machines/hub.machine';
import { getCustomerId, getToken } from '../lib/session';
import { currentShop } from './shop-context';
import { joinApp } from './app-system';
import { afterPageShown } from '../lib/after-page-shown';
import { HUB_PATH, JOIN_COMPANY_GROUP, RECEIVE_METHOD, SEND_CATALOGUE_UPDATE } from '../../contract/hub-events';

/** Browser events of section 4 for the connection, besides the events hub.* (the first connection has none). */
const BROWSER_EVENTS: Partial<Record<LiveEventName, string>> = {
  'hub.reconnecting': 'reconnecting',
  'hub.reconnected': 'reconnected',
  'hub.disconnected': 'disconnected',
};

type UpdateListener = (kind: string, data: unknown) => void;
type CloseListener = (error?: Error) => void;

const CONNECTED = 'Connected' as HubConnectionState;
const DISCONNECTED = 'Disconnected' as HubConnectionState;

/**
 * The one SignalR HubConnection of the app. Reconnecting is the hub machine's job, so the
 * connection is built without automatic reconnect; the machine restarts it with its own delays.
 * The connection is made on the first connect, from a factory, so the SignalR client can load
 * after the page is shown rather than with it.
 */
export class LiveHubClient {
  private readonly updateListeners = new Set<UpdateListener>();
  private readonly closeListeners = new Set<CloseListener>();
  private connection: HubConnection | null = null;
  private made: Promise<HubConnection> | null = null;

  constructor(private readonly makeConnection: () => Promise<HubConnection>) {}

  private async ready(): Promise<HubConnection> {
    this.made ??= this.makeConnection().then((connection) => {
      connection.onclose((error) => {
        for (const listener of this.closeListeners) listener(error);
      });
      this.connection = connection;
      return connection;
    });
    try {
      return await this.made;
    } catch (error) {
      this.made = null;
      throw error;
    }
  }

  get isConnected(): boolean {
    return this.connection?.state === CONNECTED;
  }

  /** Start, register the handler and join the company group (the machine's `connect`). */
  async connect(companyId: number): Promise<void> {
    const connection = await this.ready();
    connection.off(RECEIVE_METHOD);
    connection.on(RECEIVE_METHOD, (kind: string, data: unknown) => {
      for (const listener of this.updateListeners) listener(kind, data);
    });
    if (connection.state !== DISCONNECTED) await connection.stop();
    await connection.start();
    try {
      await connection.invoke(JOIN_COMPANY_GROUP, companyId);
    } catch (error) {
      await connection.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.connection?.stop();
  }

  onUpdate(listener: UpdateListener): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  onClose(listener: CloseListener): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Invokes a hub method; failures (including not being connected) are logged, never thrown. */
  async invokeOrLog(method: string, ...args: unknown[]): Promise<void> {
    if (!this.connection || !this.isConnected) {
      console.error(NOT_CONNECTED_MESSAGE);
      return;
    }
    try {
      await this.connection.invoke(method, ...args);
    } catch (error) {
      console.error(`Hub call ${method} failed`, error);
    }
  }
}

export async function createHubConnection(): Promise<HubConnection> {
  await afterPageShown();
  const { HubConnectionBuilder, LogLevel } = await import('@microsoft/signalr');
  return new HubConnectionBuilder()
    .withUrl(HUB_PATH, { accessTokenFactory: () => getToken() ?? '' })
    .configureLogging(import.meta.env.DEV ? LogLevel.Information : LogLevel.Warning)
    .build();
}

let shared: LiveHubClient | null = null;

/** The app's hub client, created on first use. */
export function liveHubClient(): LiveHubClient {
  shared ??= new LiveHubClient(createHubConnection);
  return shared;
}

/** What the hub machine is given at the app root: its actors and actions over the real connection. */
export function hubImplementations(client: LiveHubClient) {
  return {
    actors: {
      connect: fromPromise<void, { companyId: number }>(({ input }) => client.connect(input.companyId)),
      disconnect: fromPromise<void>(() => client.stop()),
      connectionEvents: fromCallback<HubEvent>(({ sendBack }) => {
        const offUpdate = client.onUpdate((kind, data) => sendBack({ type: 'hub.update', kind, data }));
        const offClose = client.onClose((error) => sendBack({ type: 'hub.closed', ...(error ? { error: error.message } : {}) }));
        // The connection may have dropped between connecting and listening.
        if (!client.isConnected) sendBack({ type: 'hub.closed' });
        return () => {
          offUpdate();
          offClose();
        };
      }),
    },
    actions: {
      invokeHub: (_: unknown, params: { method: string; args: unknown[] }) => {
        void client.invokeOrLog(params.method, ...params.args);
      },
      logError: (_: unknown, params: { message: string; error?: unknown }) => {
        if (params.error === undefined) console.error(params.message);
        else console.error(params.message, params.error);
      },
    },
  };
}

/** Cart refresh of section 7: CartDetails, 10 items from index 1, for the signed-in customer. */
export async function requestCartRefresh(): Promise<void> {
  const customerId = getCustomerId();
  if (!customerId) return;
  const shop = currentShop();
  await liveHubClient().invokeOrLog(SEND_CATALOGUE_UPDATE, 'CartDetails', shop.companyId, shop.branchId, customerId, null, 1, 10, null, null, null, null);
}

/**
 * Each event the hub actor emits is also a window event of the same name with the data as its
 * detail, so a page script can listen without the app; section 7's 'productUpdate' and section
 * 4's connection events are sent too.
 */
function dispatchBrowserEvents(event: LiveEvent): void {
  window.dispatchEvent(new CustomEvent(event.type, { detail: event.data }));
  // Section 7: for Product, a product update browser event fires with the data.
  if (event.type === 'home.productUpdate') window.dispatchEvent(new CustomEvent('productUpdate', { detail: event.data }));
  const browserEvent = BROWSER_EVENTS[event.type];
  if (browserEvent) window.dispatchEvent(new CustomEvent(browserEvent));
}

/** The hub actor (system id 'hub'): connects at once and keeps the connection up. */
export function startHubActor() {
  const hub = joinApp('hub', hubMachine.provide(hubImplementations(liveHubClient())), { companyId: currentShop().companyId, autoStart: true });
  hub.on('*', dispatchBrowserEvents);
  return hub;
}
