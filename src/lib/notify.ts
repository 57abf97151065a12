/**
 * The one way to show a notification. The message doubles as the toast id, so the same
 * message raised twice while visible shows once (section 2: duplicates suppressed).
 */
function show(kind: 'success' | 'error' | 'info' | 'warning', message: string): void {
  if (!message) return;
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
