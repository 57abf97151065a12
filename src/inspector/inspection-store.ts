/**
 * The inspector page's side: collects the records every shop tab of this origin sends over the
 * BroadcastChannel (this tab's own included), by tab and by actor, for the page to show and
 * step through.
 */
import type { ActorInfo, InspectionRecord, SnapshotRecord } from './inspection-records';
import { INSPECTOR_CHANNEL, type ChannelMessage, type TabInfo } from './inspection-recorder';

export interface TabRecording {
  tab: TabInfo;
  closed: boolean;
  /** Every actor seen, in the order they started. */
  actors: ActorInfo[];
  /** Each actor's snapshots in order, by session id. */
  snapshots: Map<string, SnapshotRecord[]>;
  /** When the tab last sent a record. */
  lastActive: number;
}

export interface InspectionStore {
  tabs(): TabRecording[];
  /** Changes on every change, for useSyncExternalStore. */
  version(): number;
  subscribe(listener: () => void): () => void;
  /** Opens the channel and asks every shop tab for what it has recorded; returns the close. */
  connect(): () => void;
  /** Takes records as if a tab had sent them (a saved recording, a test). */
  receive(tab: TabInfo, records: InspectionRecord[]): void;
}

export function createInspectionStore(): InspectionStore {
  const tabs = new Map<string, TabRecording & { seen: Set<number>; lastSeq: number }>();
  const listeners = new Set<() => void>();
  let version = 0;
  let scheduled = false;

  const changed = () => {
    version += 1;
    if (scheduled) return;
    scheduled = true;
    // Many batches in a row render once.
    requestAnimationFrame(() => {
      scheduled = false;
      for (const listener of listeners) listener();
    });
  };

  const receive = (tab: TabInfo, records: InspectionRecord[]) => {
    let recording = tabs.get(tab.id);
    if (!recording) {
      recording = { tab, closed: false, actors: [], snapshots: new Map(), lastActive: 0, seen: new Set(), lastSeq: 0 };
      tabs.set(tab.id, recording);
    }
    recording.tab = tab;
    recording.closed = false;
    // What a tab has recorded arrives again when another inspector asks for it, and may arrive after newer records.
    let reorder = false;
    for (const record of records) {
      if (recording.seen.has(record.seq)) continue;
      recording.seen.add(record.seq);
      reorder ||= record.seq < recording.lastSeq;
      recording.lastSeq = Math.max(recording.lastSeq, record.seq);
      recording.lastActive = Math.max(recording.lastActive, record.at);
      if (record.kind === 'actor') {
        recording.actors.push(record.actor);
        continue;
      }
      const list = recording.snapshots.get(record.actorId) ?? [];
      list.push(record);
      recording.snapshots.set(record.actorId, list);
    }
    if (reorder) {
      for (const list of recording.snapshots.values()) list.sort((a, b) => a.seq - b.seq);
      const order = new Map<string, number>();
      for (const [id, list] of recording.snapshots) order.set(id, list[0]?.seq ?? Infinity);
      recording.actors.sort((a, b) => (order.get(a.sessionId) ?? Infinity) - (order.get(b.sessionId) ?? Infinity));
    }
    changed();
  };

  return {
    tabs: () => [...tabs.values()],
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive,
    connect() {
      if (typeof BroadcastChannel !== 'function') return () => undefined;
      const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
      channel.addEventListener('message', (message: MessageEvent<ChannelMessage>) => {
        const data = message.data;
        if (data?.type === 'shop.records') receive(data.tab, data.records);
        if (data?.type === 'shop.closed') {
          const recording = tabs.get(data.tabId);
          if (recording) {
            recording.closed = true;
            changed();
          }
        }
      });
      channel.postMessage({ type: 'inspector.hello' } satisfies ChannelMessage);
      return () => channel.close();
    },
  };
}

/** The name an actor is shown by: its name in the app's system, else its machine's id, else its logic's name or the id it was given. */
export function actorName(actor: ActorInfo): string {
  return actor.systemId ?? actor.machine?.id ?? actor.src ?? actor.id;
}
