import { createElement } from 'react';
import { downloadUntilLoaded } from './code-download';

let toasts: ReturnType<typeof loadToasts> | null = null;
const loadToasts = () => downloadUntilLoaded(() => import('react-toastify/unstyled'));

/**
 * react-toastify, loaded on first use (it is not part of the first page load) and asked for
 * again until it arrives: one download for every caller, however many ask while it fails.
 */
export function toastCode(): ReturnType<typeof loadToasts> {
  toasts ??= loadToasts();
  return toasts;
}

/**
 * The one way to show a notification. The message doubles as the toast id, so the same
 * message raised twice while visible shows once (section 2: duplicates suppressed).
 */
let requested = false;
const requestListeners = new Set<() => void>();

/** Whether any notification has been raised yet: the deferred container mounts at once when one is. */
export function notificationsRequested(): boolean {
  return requested;
}

export function onNotificationsRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info' | 'warning', message: string): void {
  if (!message) return;
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  void toastCode().then(({ toast }) => {
    if (toast.isActive(message)) return;
    toast[kind](message, { toastId: message });
  });
}

/** The notification container of live notices with a link (shop-toasts.tsx). */
export const LIVE_NOTICES = 'live-notices';

/** How long a notification with a link stays: long enough to read it and reach the link. */
export const LINK_NOTICE_MS = 6000;

/** A notification that carries a link within the shop (its text and path; `go` navigates without a reload). */
export interface NoticeLink {
  text: string;
  to: string;
  go: (to: string) => void;
}

function showLink(message: string, link: NoticeLink): void {
  if (!message) return;
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  void toastCode().then(({ toast }) => {
    if (toast.isActive(message, LIVE_NOTICES)) return;
    const anchor = createElement(
      'a',
      {
        href: link.to,
        style: { textDecoration: 'underline', fontWeight: 600, marginInlineStart: '0.5em' },
        onClick: (event: { preventDefault(): void }) => {
          event.preventDefault();
          link.go(link.to);
        },
      },
      link.text,
    );
    toast.info(createElement('span', null, message, anchor), { toastId: message, containerId: LIVE_NOTICES, autoClose: LINK_NOTICE_MS });
  });
}

export const notify = {
  link: (message: string, link: NoticeLink) => showLink(message, link),
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
