import type { HubConnection } from './hub-connection.js';

function addTo<K>(map: Map<K, Set<HubConnection>>, key: K, connection: HubConnection): void {
  const set = map.get(key) ?? new Set<HubConnection>();
  set.add(connection);
  map.set(key, set);
}

function removeFrom<K>(map: Map<K, Set<HubConnection>>, key: K, connection: HubConnection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}

/**
 * The connections of this server instance: by connection token, by client address (for the
 * per-address limit), by company group and by customer. Pushes from the backplane are
 * delivered to the members found here.
 */
export class ConnectionRegistry {
  private readonly byToken = new Map<string, HubConnection>();
  private readonly perIp = new Map<string, number>();
  private readonly companies = new Map<number, Set<HubConnection>>();
  private readonly customers = new Map<number, Set<HubConnection>>();

  add(connection: HubConnection): void {
    this.byToken.set(connection.connectionToken, connection);
    this.perIp.set(connection.ip, (this.perIp.get(connection.ip) ?? 0) + 1);
    if (connection.principal) addTo(this.customers, connection.principal.customerId, connection);
  }

  /** Forgets a closed connection; safe to call twice. */
  remove(connection: HubConnection): void {
    if (this.byToken.get(connection.connectionToken) !== connection) return;
    this.byToken.delete(connection.connectionToken);
    const count = (this.perIp.get(connection.ip) ?? 1) - 1;
    if (count > 0) this.perIp.set(connection.ip, count);
    else this.perIp.delete(connection.ip);
    if (connection.companyId !== null) removeFrom(this.companies, connection.companyId, connection);
    if (connection.principal) removeFrom(this.customers, connection.principal.customerId, connection);
  }

  find(connectionToken: string): HubConnection | undefined {
    return this.byToken.get(connectionToken);
  }

  countForIp(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  /** A connection belongs to one shop's group at a time; joining another leaves the first. */
  joinCompany(connection: HubConnection, companyId: number): void {
    if (connection.companyId !== null) removeFrom(this.companies, connection.companyId, connection);
    connection.companyId = companyId;
    addTo(this.companies, companyId, connection);
  }

  companyMembers(companyId: number): HubConnection[] {
    return [...(this.companies.get(companyId) ?? [])];
  }

  customerConnections(customerId: number): HubConnection[] {
    return [...(this.customers.get(customerId) ?? [])];
  }

  all(): HubConnection[] {
    return [...this.byToken.values()];
  }

  /** Every connection, without copying; one closed while iterating is skipped safely. */
  connections(): IterableIterator<HubConnection> {
    return this.byToken.values();
  }

  get size(): number {
    return this.byToken.size;
  }
}
