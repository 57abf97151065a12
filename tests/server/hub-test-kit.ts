import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { App } from '../../server/app.js';

export type Push = [type: string, data: unknown];

/** The official client from Node, with every push it receives collected. */
export function hubClient(
  baseUrl: string,
  transport: HttpTransportType,
  options: { token?: string; reconnectDelays?: number[] } = {},
): { connection: HubConnection; pushes: Push[]; next(match: (push: Push) => boolean, timeoutMs?: number): Promise<Push> } {
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/catalogueHub`, { transport, ...(options.token ? { accessTokenFactory: () => options.token ?? '' } : {}) })
    .configureLogging(process.env.HUB_DEBUG ? LogLevel.Debug : LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  const connection = builder.build();
  const pushes: Push[] = [];
  const waiters = new Set<() => void>();
  connection.on('ReceiveCatalogueUpdate', (type: string, data: unknown) => {
    pushes.push([type, data]);
    for (const wake of waiters) wake();
  });
  return {
    connection,
    pushes,
    next(match, timeoutMs = 5_000) {
      return new Promise<Push>((resolve, reject) => {
        const check = () => {
          const found = pushes.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching push within ${timeoutMs} ms; got ${JSON.stringify(pushes).slice(0, 500)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** A product of company 1 sold in branch 1 without variants, and its stock row. */
export async function plainProduct(app: App): Promise<{ productId: number; sRate: number }> {
  const row = await app.db
    .selectFrom('branch_stock as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.product_id', 's.s_rate'])
    .where('p.company_id', '=', 1)
    .where('p.active', '=', 1)
    .where('p.is_variant_enabled', '=', 0)
    .where('s.branch_id', '=', 1)
    .where('s.variant_id', '=', 0)
    .where('s.active', '=', 1)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return { productId: row.product_id, sRate: row.s_rate };
}

export async function setPricePaise(app: App, productId: number, paise: number): Promise<void> {
  await app.db
    .updateTable('branch_stock')
    .set({ s_rate: paise, o_rate: null })
    .where('product_id', '=', productId)
    .where('branch_id', '=', 1)
    .where('variant_id', '=', 0)
    .execute();
}

export const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;
