import { ToastContainer, Slide } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './notifications.css';

/** Where notifications appear (section 2): bottom right, 2 s, one at a time. */
export function ShopToasts() {
  return <ToastContainer position="bottom-right" autoClose={2000} limit={1} transition={Slide} newestOnTop closeOnClick />;
}
