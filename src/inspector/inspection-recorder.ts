/**
 * The shop tab's side of the local machine inspector: every app actor is created with this
 * recorder's `inspect` callback (src/app/actor-options.ts); it keeps the session's records and
 * sends them over a BroadcastChannel to every inspector page (/__machines) of the same origin,
 * in another tab or in this one (a channel hears every other channel object of its name, those
 * of its own tab included). An inspector that opens later asks for what was recorded so far.
 */
import type { InspectionEvent } from 'xstate';
import { createRecordMaker, type InspectionRecord } from './inspection-records';

/** The BroadcastChannel the shop tabs and the inspector pages share. */
export const INSPECTOR_CHANNEL = 'shoal-machine-inspector';
export const INSPECTOR_PATH = '/__machines';

export interface TabInfo {
  id: string;
  /** The page the tab shows now. */
  path: string;
  title: string;
  startedAt: number;
}

/** Messages on the channel: an inspector asks, shop tabs answer with their records (all of them, then the new ones). */
export type ChannelMessage =
  { type: 'inspector.hello' } | { type: 'shop.records'; tab: TabInfo; records: InspectionRecord[] } | { type: 'shop.closed'; tabId: string };

/** Snapshots kept per tab; older ones are dropped first (the actors' descriptions are always kept). */
const MAX_SNAPSHOTS = 5000;
/** New records go out together, at most this often. */
const SEND_EVERY_MS = 40;

export interface Recorder {
  readonly tab: TabInfo;
  /** What this tab has recorded so far. */
  records(): readonly InspectionRecord[];
}

let recorder: (Recorder & { inspect: (event: InspectionEvent) => void }) | null = null;

function tabInfo(id: string, startedAt: number): TabInfo {
  return { id, path: `${window.location.pathname}${window.location.search}`, title: document.title, startedAt };
}

/** A small link on the shop's left edge that opens the inspector in another tab. */
function addInspectorLink(): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = INSPECTOR_PATH;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = 'Machines';
  link.title = 'Opens the machine inspector in a new tab';
  Object.assign(link.style, {
    position: 'fixed',
    left: '0',
    top: '40%',
    zIndex: '2147483000',
    writingMode: 'vertical-rl',
    transform: 'rotate(180deg)',
    padding: '8px 3px',
    font: '600 11px/1 system-ui, sans-serif',
    color: '#ffffff',
    background: '#3d6a9e',
    borderRadius: '0 4px 4px 0',
    textDecoration: 'none',
    opacity: '0.85',
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.append(link);
  return link;
}

/** Starts recording this tab's actors; returns the recorder (the same one when called again). */
export function startRecorder(): Recorder & { inspect: (event: InspectionEvent) => void } {
  if (recorder) return recorder;
  const id = Math.random().toString(36).slice(2, 8);
  const startedAt = Date.now();
  const makeRecords = createRecordMaker();
  const kept: InspectionRecord[] = [];
  let snapshots = 0;
  let pending: InspectionRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(INSPECTOR_CHANNEL) : null;
  const link = addInspectorLink();

  const post = (message: ChannelMessage) => channel?.postMessage(message);
  const flush = () => {
    timer = null;
    link.hidden = window.location.pathname === INSPECTOR_PATH;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    post({ type: 'shop.records', tab: tabInfo(id, startedAt), records: batch });
  };

  channel?.addEventListener('message', (message: MessageEvent<ChannelMessage>) => {
    if (message.data?.type !== 'inspector.hello') return;
    flush();
    post({ type: 'shop.records', tab: tabInfo(id, startedAt), records: kept.slice() });
  });
  window.addEventListener('pagehide', () => post({ type: 'shop.closed', tabId: id }));
  window.addEventListener('popstate', () => (link.hidden = window.location.pathname === INSPECTOR_PATH));

  const inspect = (event: InspectionEvent) => {
    const records = makeRecords(event);
    if (records.length === 0) return;
    for (const record of records) {
      kept.push(record);
      if (record.kind === 'snapshot') snapshots += 1;
    }
    if (snapshots > MAX_SNAPSHOTS) {
      const drop = kept.findIndex((record) => record.kind === 'snapshot');
      if (drop >= 0) {
        kept.splice(drop, 1);
        snapshots -= 1;
      }
    }
    pending.push(...records);
    timer ??= setTimeout(flush, SEND_EVERY_MS);
  };

  recorder = {
    inspect,
    get tab() {
      return tabInfo(id, startedAt);
    },
    records: () => kept,
  };
  return recorder;
}

/** This tab's recorder, when the local inspector records it. */
export function tabRecorder(): Recorder | null {
  return recorder;
}
