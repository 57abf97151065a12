import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';
import type { JsonSchema, RouteEntry } from './route-catalogue.js';
import { fillPath } from './route-catalogue.js';
import type { Holdings } from './world.js';

/** The victim's ids put wherever a route names an id: path, query and body. */
export function guessIds(v: Holdings): Record<string, unknown> {
  return {
    customerId: v.customer.id,
    CustomerId: v.customer.id,
    id: v.waitingOrderId,
    orderId: v.waitingOrderId,
    OrderId: v.waitingOrderId,
    OrderIds: [v.waitingOrderId, v.paidOrderId],
    addressId: v.addressId,
    companyId: 1,
    CompanyId: 1,
    branchId: 1,
    BranchId: 1,
    productId: v.productId,
    ProductId: v.productId,
    variantId: 0,
    VariantId: 0,
    name: v.uploadName,
    razropayOrderId: v.waitingProviderOrderId,
    razorpay_order_id: v.waitingProviderOrderId,
    order_id: v.waitingProviderOrderId,
    Qty: 1,
    qtyChange: -1,
  };
}

function valueFor(name: string, schema: JsonSchema, ids: Record<string, unknown>): unknown {
  if (name in ids) return ids[name];
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type);
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [valueFor(name, schema.items ?? {}, ids)];
  if (type === 'object') return objectFor(schema, ids);
  return 'x';
}

function objectFor(schema: JsonSchema, ids: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, valueFor(name, sub, ids)]));
}

export interface ProbeRequest {
  method: RouteEntry['method'];
  url: string;
  payload?: string;
  variant: string;
}

/** Requests that aim a route at the victim's records: every id slot filled with theirs. */
export function probesFor(route: RouteEntry, v: Holdings): ProbeRequest[] {
  const ids = guessIds(v);
  const pathValues = (orderId: number) =>
    Object.fromEntries(
      route.pathParams.map((p) => {
        if (p === 'id' && route.url.startsWith('/api/Address')) return [p, String(v.addressId)];
        if (p === 'id' && route.url.includes('/razorpay/v1/orders')) return [p, v.waitingProviderOrderId];
        if (p === 'id' || p === 'orderId') return [p, String(orderId)];
        return [p, String(ids[p] ?? 1)];
      }),
    );
  const query = new URLSearchParams();
  for (const p of route.parameters.filter((x) => x.in === 'query')) {
    const value = valueFor(p.name, p.schema, ids);
    if (p.required || p.name in ids) query.set(p.name, String(Array.isArray(value) ? value[0] : value));
  }
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? undefined
      : route.body
        ? JSON.stringify(route.body.type === 'array' ? [objectFor(route.body.items ?? {}, ids)] : objectFor(route.body, ids))
        : JSON.stringify({ customerId: v.customer.id, CustomerId: v.customer.id });
  const orderIds =
    route.pathParams.some((p) => p === 'id' || p === 'orderId') && !route.url.startsWith('/api/Address') && !route.url.includes('/razorpay/')
      ? [v.waitingOrderId, v.paidOrderId]
      : [v.waitingOrderId];
  const probes: ProbeRequest[] = orderIds.map((orderId) => ({
    method: route.method,
    url: `${fillPath(route.url, pathValues(orderId))}?${query.toString()}`,
    payload: body,
    variant: orderId === v.paidOrderId ? 'paid order' : 'their ids',
  }));
  if (route.authenticated && !query.has('customerId')) {
    // An id the route does not declare: a handler must not read it from the raw query.
    const extra = new URLSearchParams(query);
    extra.set('customerId', String(v.customer.id));
    probes.push({
      method: route.method,
      url: `${fillPath(route.url, pathValues(v.waitingOrderId))}?${extra.toString()}`,
      payload: body,
      variant: 'extra customerId',
    });
  }
  return probes;
}

/** Text only the victim's records hold; an answer to anyone else containing one is a leak. */
export function markersOf(v: Holdings, houseMarker: string): string[] {
  return [v.customer.mobile, 'Victoria Victim', v.paidOrderNo, v.waitingProviderOrderId, houseMarker, v.uploadName];
}

/** A hash of every row the victim owns or that hangs off their orders. */
export async function victimChecksum(db: Kysely<Database>, v: Holdings): Promise<string> {
  const c = v.customer.id;
  const orders = sql`(select id from orders where customer_id = ${c})`;
  const queries = [
    sql`select * from customers where id = ${c}`,
    sql`select * from cart_items where customer_id = ${c}`,
    sql`select * from addresses where customer_id = ${c}`,
    sql`select * from orders where customer_id = ${c}`,
    sql`select * from order_items where order_id in ${orders}`,
    sql`select * from order_events where order_id in ${orders}`,
    sql`select * from payments where order_id in ${orders}`,
    sql`select * from coupon_redemptions where customer_id = ${c}`,
    sql`select * from wallet_ledger where customer_id = ${c}`,
    sql`select * from loyalty_ledger where customer_id = ${c}`,
    sql`select * from uploads where customer_id = ${c}`,
    sql`select * from sandbox_orders where id in (select provider_order_id from orders where customer_id = ${c})`,
    sql`select * from sandbox_payments where order_id in (select provider_order_id from orders where customer_id = ${c})`,
  ];
  const hash = crypto.createHash('sha256');
  for (const q of queries) {
    const rows = await q.execute(db);
    hash.update(
      rows.rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join('\n'),
    );
  }
  return hash.digest('hex');
}
