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
  // Loaded on first use: react-toastify is not part of the first page load.
  void import('react-toastify').then(({ toast }) => {
    if (toast.isActive(message)) return;
    toast[kind](message, { toastId: message });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
