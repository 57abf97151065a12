import { Suspense, use, useEffect, type ComponentType } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from '../components/route-error-view';
import { PageLoading } from '../components/status-views';
import { redirectIfLoggedIn, requireCustomerId, requireToken, type Guard } from './guards';
import { setAuthNavigator } from './auth-actors';
// The landing page ships with the app (one round trip less on a phone); every other page is lazy.
import { HomePage } from '../pages/home-page';

type PageModule = Promise<Record<string, unknown>>;

/** Every lazy page's loader by its full path, so the page of the address a visit opens on can load at once. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A page loaded on first visit (a page file exports its component by name); the layout stays on
 * screen while its code arrives. Once the code is here the page renders without suspending, so a
 * visit whose page was loaded before the first render paints the page itself, not a placeholder
 * that React would then keep for its reveal throttle.
 */
function page(load: () => PageModule, name: string, path?: string): ComponentType {
  let component: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadComponent = (): Promise<ComponentType> =>
    (loading ??= load().then(
      (module) => (component = module[name] as ComponentType),
      (error: unknown) => {
        // A failed download is asked for again on the next visit to the page.
        loading = undefined;
        throw error;
      },
    ));
  if (path) loaders.set(path, loadComponent);
  function PageCode() {
    const Page = component ?? use(loadComponent());
    return <Page />;
  }
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <PageCode />
      </Suspense>
    );
  };
}

type PageTable = readonly (readonly [path: string, load: () => PageModule, name: string])[];

/** Lazy pages under one base path, each with its path relative to that base. */
function pagesUnder(base: string, table: PageTable): [string, ComponentType][] {
  return table.map(([path, load, name]) => [path, page(load, name, `${base}/${path}`)]);
}

/** Pages anyone may open, by path under '/'. */
const shopPages = pagesUnder('', [
  ['product', () => import('../pages/product-list-page'), 'ProductListPage'],
  ['product/special_products', () => import('../pages/special-products-page'), 'SpecialProductsPage'],
  ['product/product_detail', () => import('../pages/product-detail-page'), 'ProductDetailPage'],
  ['product/offer_products', () => import('../pages/offer-products-page'), 'OfferProductsPage'],
  ['FAQ', () => import('../pages/faq-page'), 'FaqPage'],
  ['contact-us', () => import('../pages/info-pages'), 'ContactUsPage'],
  ['privacy-policy', () => import('../pages/info-pages'), 'PrivacyPolicyPage'],
  ['terms-and-condition', () => import('../pages/info-pages'), 'TermsPage'],
  ['return-and-refund-policy', () => import('../pages/info-pages'), 'ReturnPolicyPage'],
]);

/** Pages under /user_account, which need a token. */
const accountPages = pagesUnder('/user_account', [
  ['user_profile', () => import('../pages/account/profile-page'), 'ProfilePage'],
  ['my_order', () => import('../pages/account/my-orders-page'), 'MyOrdersPage'],
  ['my_order/order-detail', () => import('../pages/account/order-detail-page'), 'OrderDetailPage'],
  ['manage_address', () => import('../pages/account/manage-address-page'), 'ManageAddressPage'],
  ['customer_wallet', () => import('../pages/account/wallet-page'), 'WalletPage'],
  ['check_out', () => import('../pages/account/checkout-page'), 'CheckoutPage'],
]);

const CartPage = page(() => import('../pages/cart-page'), 'CartPage', '/cart');
const LoginPage = page(() => import('../pages/login-page'), 'LoginPage', '/auth/login');
const NotFoundPage = page(() => import('../components/not-found-view'), 'NotFoundView');

/**
 * Starts loading the code of the page at this address, so a visit that opens on a page other
 * than home fetches it alongside the main script instead of after the first render. Guards
 * still decide what renders; a page that is not shown costs one cached download. Resolves once
 * the code is here or could not be loaded (the page's error view then tells the visitor).
 */
export function preloadPage(pathname: string): Promise<void> {
  for (const [path, load] of loaders) {
    if (!matchPath({ path, end: true }, pathname)) continue;
    return load().then(
      () => undefined,
      () => undefined,
    );
  }
  return Promise.resolve();
}

/** Renders the child routes only while the guard lets the visitor in; otherwise replaces the address with its redirect. */
function Guarded({ guard }: { guard: Guard }) {
  const to = guard();
  return to === null ? <Outlet /> : <Navigate to={to} replace />;
}

/** Hands the router's navigate to the session flow (a timeout sends the visitor to '/'). */
function SessionNavigator() {
  const navigate = useNavigate();
  useEffect(() => setAuthNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** Every route of the shop (spec section 2); render inside a BrowserRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <SessionNavigator />
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="home" element={<HomePage />} />
          {shopPages.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route element={<Guarded guard={requireCustomerId} />}>
            <Route path="cart" element={<CartPage />} />
          </Route>
          <Route element={<Guarded guard={redirectIfLoggedIn} />}>
            <Route path="auth/login" element={<LoginPage />} />
          </Route>
          <Route path="user_account" element={<Guarded guard={requireToken} />}>
            {accountPages.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
