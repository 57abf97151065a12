/**
 * Every lazily loaded page of the shop (spec section 2): the address it answers, the source
 * file that holds it and the component that file exports by name. The browser's router builds
 * its routes and code loaders from this table (src/app/router.tsx), and the server names the
 * same file's code in the HTML of a visit that opens on a public page (server/spa/opening-page.ts),
 * so the two cannot disagree. Home is not here: it ships with the main script.
 */

/**
 * Who may open a page: anyone; a visitor with a customer id (others go to login); a visitor
 * without a session (the login page); a signed-in customer (the account pages under /user_account).
 */
export type PageAccess = 'anyone' | 'customer' | 'guest' | 'account';

export interface PageEntry {
  /** The full address, as react-router matches it. */
  path: string;
  /** The source file, as the build's manifest names it. */
  module: string;
  /** The page component, a named export of the module. */
  component: string;
  access: PageAccess;
  /**
   * False for a page drawn without Chakra: its code loads without Chakra's provider and it renders
   * outside it, so a visit that opens on it never downloads Chakra. Every other page renders in
   * Chakra's provider, whose code loads with the page's (src/app/chakra-part.tsx).
   */
  chakra?: false;
}

/** Account pages sit under this path, behind the token guard. */
export const ACCOUNT_BASE = '/user_account';

export const PAGES: readonly PageEntry[] = [
  { path: '/product', module: 'src/pages/product-list-page.tsx', component: 'ProductListPage', access: 'anyone', chakra: false },
  { path: '/product/special_products', module: 'src/pages/special-products-page.tsx', component: 'SpecialProductsPage', access: 'anyone' },
  { path: '/product/product_detail', module: 'src/pages/product-detail-page.tsx', component: 'ProductDetailPage', access: 'anyone', chakra: false },
  { path: '/product/offer_products', module: 'src/pages/offer-products-page.tsx', component: 'OfferProductsPage', access: 'anyone' },
  { path: '/FAQ', module: 'src/pages/faq-page.tsx', component: 'FaqPage', access: 'anyone' },
  { path: '/contact-us', module: 'src/pages/info-pages.tsx', component: 'ContactUsPage', access: 'anyone' },
  { path: '/privacy-policy', module: 'src/pages/info-pages.tsx', component: 'PrivacyPolicyPage', access: 'anyone' },
  { path: '/terms-and-condition', module: 'src/pages/info-pages.tsx', component: 'TermsPage', access: 'anyone' },
  { path: '/return-and-refund-policy', module: 'src/pages/info-pages.tsx', component: 'ReturnPolicyPage', access: 'anyone' },
  { path: '/cart', module: 'src/pages/cart-page.tsx', component: 'CartPage', access: 'customer' },
  { path: '/auth/login', module: 'src/pages/login-page.tsx', component: 'LoginPage', access: 'guest' },
  { path: `${ACCOUNT_BASE}/user_profile`, module: 'src/pages/account/profile-page.tsx', component: 'ProfilePage', access: 'account' },
  { path: `${ACCOUNT_BASE}/my_order`, module: 'src/pages/account/my-orders-page.tsx', component: 'MyOrdersPage', access: 'account' },
  { path: `${ACCOUNT_BASE}/my_order/order-detail`, module: 'src/pages/account/order-detail-page.tsx', component: 'OrderDetailPage', access: 'account' },
  { path: `${ACCOUNT_BASE}/manage_address`, module: 'src/pages/account/manage-address-page.tsx', component: 'ManageAddressPage', access: 'account' },
  { path: `${ACCOUNT_BASE}/customer_wallet`, module: 'src/pages/account/wallet-page.tsx', component: 'WalletPage', access: 'account' },
  { path: `${ACCOUNT_BASE}/check_out`, module: 'src/pages/account/checkout-page.tsx', component: 'CheckoutPage', access: 'account' },
];
