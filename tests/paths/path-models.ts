/** Every machine whose flows are replayed in the browser, in the order `npm run test:paths` lists them. */
import { addressBookPaths } from './address-book.paths';
import { authPaths } from './auth.paths';
import { bannerPaths } from './banner.paths';
import { cartPaths } from './cart.paths';
import { checkoutPaths } from './checkout.paths';
import { configPaths } from './config.paths';
import { connectivityPaths } from './connectivity.paths';
import { couponChoicePaths } from './coupon-choice.paths';
import { slotPickerPaths } from './delivery-slot-picker.paths';
import { earliestDeliveryPaths } from './earliest-delivery.paths';
import { faqPaths } from './faq.paths';
import { homePaths } from './home.paths';
import { hubPaths } from './hub.paths';
import { invoiceDownloadPaths } from './invoice-download.paths';
import { orderDetailPaths } from './order-detail.paths';
import { orderListPaths } from './order-list.paths';
import { notifyMePaths } from './notify-me.paths';
import type { PathModel } from './path-model';
import { pinCheckPaths } from './pin-check.paths';
import { pageCodePaths } from './page-code.paths';
import { pendingOrdersPaths } from './pending-orders.paths';
import { productDetailPaths } from './product-detail.paths';
import { profilePaths } from './profile.paths';
import { searchSuggestionsPaths } from './search-suggestions.paths';
import { productListPaths } from './product-list.paths';
import { walletPaths } from './wallet.paths';

export const pathModels: PathModel[] = [
  checkoutPaths,
  pendingOrdersPaths,
  hubPaths,
  bannerPaths,
  authPaths,
  cartPaths,
  addressBookPaths,
  orderListPaths,
  orderDetailPaths,
  productListPaths,
  walletPaths,
  productDetailPaths,
  profilePaths,
  homePaths,
  faqPaths,
  connectivityPaths,
  pageCodePaths,
  couponChoicePaths,
  configPaths,
  slotPickerPaths,
  invoiceDownloadPaths,
  earliestDeliveryPaths,
  notifyMePaths,
  pinCheckPaths,
  searchSuggestionsPaths,
];
