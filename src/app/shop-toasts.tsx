import { ToastContainer, Slide } from 'react-toastify/unstyled';
import { LINK_NOTICE_MS, LIVE_NOTICES } from '../lib/notify';

/**
 * Where notifications appear (section 2): bottom right, 2 s, one at a time. Live notices with a
 * link (a product back in stock) have their own place at the top, stay 6 s and never wait in the
 * queue behind a passing message.
 */
export function ShopToasts() {
  return (
    <>
      <ToastContainer position="bottom-right" autoClose={2000} limit={1} transition={Slide} newestOnTop closeOnClick />
      <ToastContainer
        containerId={LIVE_NOTICES}
        aria-label="Live notices"
        position="top-center"
        autoClose={LINK_NOTICE_MS}
        limit={3}
        transition={Slide}
        newestOnTop
      />
    </>
  );
}
