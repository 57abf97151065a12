import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { hubMachine } from '../../machines/hub.machine';

type HubRef = ActorRefFrom<typeof hubMachine>;
type SessionSnapshot = { context?: { customer?: { customerId: number } | null } };

const customerOf = (snapshot: SessionSnapshot) => snapshot.context?.customer?.customerId ?? null;

/**
 * The hub learns who the customer is from the token it connects with, and sends customer
 * pushes (cart, order and payment status) on that connection. So when the session changes
 * (login, logout, session timeout) the connection is closed and opened again with the new
 * token: a new customer gets their pushes without a reload, and a former customer's pushes
 * stop reaching the page the moment they log out.
 */
export function restartHubOnSessionChange(auth: AnyActorRef, hub: HubRef): void {
  let customer = customerOf(auth.getSnapshot() as SessionSnapshot);
  let restartWhenStopped = false;
  const startIfStopped = (snapshot: SnapshotFrom<typeof hubMachine>) => {
    if (!restartWhenStopped || !snapshot.matches('Disconnected')) return;
    restartWhenStopped = false;
    hub.send({ type: 'hub.start' });
  };
  hub.subscribe(startIfStopped);
  auth.subscribe((snapshot: SessionSnapshot) => {
    const now = customerOf(snapshot);
    if (now === customer) return;
    customer = now;
    restartWhenStopped = true;
    hub.send({ type: 'hub.stop' });
    startIfStopped(hub.getSnapshot());
  });
}
