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
  /** Every actor seen, in the order they were created. */
  actors: ActorInfo[];
  /** Everything the tab recorded, in order. */
  records: InspectionRecord[];
  /** Each actor's snapshots in order, by session id. */
  snapshots: Map<string, SnapshotRecord[]>;
}

export interface InspectionStore {
  tabs(): TabRecording[];
  /** Changes on every change, for useSyncExternalStore. */
  version(): number;
  subscribe(listener: () => void): () => void;
  /** Opens the channel and asks every shop tab for what it has recorded; returns the close. */
  connect(): () => void;
  /** Takes records as if a tab had sent them (a saved recording); `closed` marks a tab that sends no more. */
  receive(tab: TabInfo, records: InspectionRecord[], closed?: boolean): void;
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

  const receive = (tab: TabInfo, records: InspectionRecord[], closed = false) => {
    let recording = tabs.get(tab.id);
    if (!recording) {
      recording = { tab, closed, actors: [], records: [], snapshots: new Map(), seen: new Set(), lastSeq: 0 };
      tabs.set(tab.id, recording);
    }
    recording.tab = tab;
    recording.closed = closed;
    // What a tab has recorded arrives again when another inspector asks for it, and may arrive after newer records.
    let reorder = false;
    for (const record of records) {
      if (recording.seen.has(record.seq)) continue;
      recording.seen.add(record.seq);
      reorder ||= record.seq < recording.lastSeq;
      recording.lastSeq = Math.max(recording.lastSeq, record.seq);
      recording.records.push(record);
      if (record.kind === 'actor') {
        const at = recording.actors.findIndex((actor) => actor.order > record.actor.order);
        recording.actors.splice(at < 0 ? recording.actors.length : at, 0, record.actor);
        continue;
      }
      const list = recording.snapshots.get(record.actorId) ?? [];
      list.push(record);
      recording.snapshots.set(record.actorId, list);
    }
    if (reorder) {
      recording.records.sort((a, b) => a.seq - b.seq);
      for (const list of recording.snapshots.values()) list.sort((a, b) => a.seq - b.seq);
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

/** A recording saved as a file, to open again in any inspector. */
export interface SavedRecording {
  format: 'shoal-machine-recording';
  tab: TabInfo;
  records: InspectionRecord[];
}

export function savedRecording(recording: TabRecording): SavedRecording {
  return { format: 'shoal-machine-recording', tab: recording.tab, records: recording.records };
}

/** The recording in a saved file's text, or null when the file is not one. */
export function readSavedRecording(text: string): SavedRecording | null {
  try {
    const saved = JSON.parse(text) as Partial<SavedRecording>;
    if (saved.format !== 'shoal-machine-recording' || !saved.tab || !Array.isArray(saved.records)) return null;
    return saved as SavedRecording;
  } catch {
    return null;
  }
}
