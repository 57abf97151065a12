import { fromCallback, type EventObject } from 'xstate';
import type { LiveEventMap, LiveEventName } from '../../machines/hub.machine';
import { whenJoined } from './app-system';

/**
 * Listens to one kind of event the hub actor emits. Its code loads after the page is shown
 * (app-actors.ts), and the connection opens only once it has joined the app's system, so a
 * listener added before that misses nothing. Returns the way to stop listening.
 */
export function onLiveEvent<K extends LiveEventName>(name: K, listener: (data: LiveEventMap[K]) => void): () => void {
  let stopped = false;
  let stop = () => {};
  void whenJoined('hub').then((hub) => {
    if (stopped) return;
    const subscription = hub.on(name, (event) => listener(event.data as LiveEventMap[K]));
    stop = () => subscription.unsubscribe();
  });
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * The `liveUpdates` actor a screen's machine invokes: it turns the hub's events it names into
 * that machine's own events, for as long as the machine (or its state) runs. Every screen gets
 * live changes this way.
 */
export function liveUpdates<E extends EventObject>(subscriptions: { [K in LiveEventName]?: (data: LiveEventMap[K]) => E | null }) {
  return fromCallback<E>(({ sendBack }) => {
    const stops = (Object.keys(subscriptions) as LiveEventName[]).map((name) =>
      onLiveEvent(name, (data) => {
        const toEvent = subscriptions[name] as ((value: typeof data) => E | null) | undefined;
        const event = toEvent?.(data);
        if (event) sendBack(event);
      }),
    );
    return () => stops.forEach((stop) => stop());
  });
}

/**
 * The subscriptions that send a screen's catch-up event whenever the live connection opens or
 * opens again: a change made before, or while it was away, was never pushed.
 */
export function catchUpOn<E extends EventObject>(event: E): { 'hub.connected': () => E; 'hub.reconnected': () => E } {
  return { 'hub.connected': () => event, 'hub.reconnected': () => event };
}

/**
 * Only when the connection comes back: for catalogue screens, whose first page came with the
 * HTML or was read moments before the first connection opened (docs/decisions/007), and whose
 * prices the server sets again at checkout anyway.
 */
export function catchUpOnReconnect<E extends EventObject>(event: E): { 'hub.reconnected': () => E } {
  return { 'hub.reconnected': () => event };
}
