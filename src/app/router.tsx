import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorView } from '../components/route-error-view';
import { redirectIfLoggedIn, requireCustomerId, requireToken } from './guards';
// The landing page ships with the app (one round trip less on a phone); every other page is lazy.
import { HomePage } from '../pages/home-page';

type PageModule = Promise<Record<string, unknown>>;

/** Every route but the layout and home is loaded lazily; a page file exports its component by name. */
function page(load: () => PageModule, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      return { Component: module[name] as React.ComponentType };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorView,
    children: [
      { index: true, Component: HomePage },
      { path: 'home', Component: HomePage },
      { path: 'product', ...page(() => import('../pages/product-list-page'), 'ProductListPage') },
      { path: 'product/special_products', ...page(() => import('../pages/special-products-page'), 'SpecialProductsPage') },
      { path: 'product/product_detail', ...page(() => import('../pages/product-detail-page'), 'ProductDetailPage') },
      { path: 'product/offer_products', ...page(() => import('../pages/offer-products-page'), 'OfferProductsPage') },
      { path: 'FAQ', ...page(() => import('../pages/faq-page'), 'FaqPage') },
      { path: 'contact-us', ...page(() => import('../pages/info-pages'), 'ContactUsPage') },
      { path: 'privacy-policy', ...page(() => import('../pages/info-pages'), 'PrivacyPolicyPage') },
      { path: 'terms-and-condition', ...page(() => import('../pages/info-pages'), 'TermsPage') },
      { path: 'return-and-refund-policy', ...page(() => import('../pages/info-pages'), 'ReturnPolicyPage') },
      { path: 'cart', loader: requireCustomerId, ...page(() => import('../pages/cart-page'), 'CartPage') },
      { path: 'auth/login', loader: redirectIfLoggedIn, ...page(() => import('../pages/login-page'), 'LoginPage') },
      {
        path: 'user_account',
        loader: requireToken,
        children: [
          { path: 'user_profile', ...page(() => import('../pages/account/profile-page'), 'ProfilePage') },
          { path: 'my_order', ...page(() => import('../pages/account/my-orders-page'), 'MyOrdersPage') },
          { path: 'my_order/order-detail', ...page(() => import('../pages/account/order-detail-page'), 'OrderDetailPage') },
          { path: 'manage_address', ...page(() => import('../pages/account/manage-address-page'), 'ManageAddressPage') },
          { path: 'customer_wallet', ...page(() => import('../pages/account/wallet-page'), 'WalletPage') },
          { path: 'check_out', ...page(() => import('../pages/account/checkout-page'), 'CheckoutPage') },
        ],
      },
      { path: '*', ...page(() => import('../components/not-found-view'), 'NotFoundView') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
