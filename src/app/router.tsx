import { Suspense, useEffect, type ComponentType } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { pageCodeMachine } from '../../machines/page-code.machine';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary, RouteErrorView } from '../components/route-error-view';
import { PageLoading } from '../components/status-views';
import { redirectIfLoggedIn, requireCustomerId, requireToken, type Guard } from './guards';
import { setAuthNavigator } from './auth-actors';
import { fetchDeployedBuild, ownBuild, reloadedForBuild, reloadForBuild } from './app-version';
import { actorOptions } from './actor-options';
// The landing page ships with the app (one round trip less on a phone); every other page is lazy.
import { HomePage } from '../pages/home-page';

type PageModule = Promise<Record<string, unknown>>;
type PageCodeActor = ActorRefFrom<typeof pageCodeMachine>;

/** Every lazy page's code actor by its full path, so the page of the address a visit opens on can load at once. */
const loaders = new Map<string, () => PageCodeActor>();

/** The named export of a page file; a module without it counts as a failed download. */
async function pageComponent(load: () => PageModule, name: string): Promise<ComponentType> {
  const module = await load();
  const component = module?.[name];
  if (typeof component !== 'function') throw new Error(`The page file has no ${name}`);
  return component as ComponentType;
}

function startPageCode(load: () => PageModule, name: string): PageCodeActor {
  const machine = pageCodeMachine.provide({
    actors: {
      loadCode: fromPromise<unknown>(() => pageComponent(load, name)),
      fetchDeployedBuild: fromPromise(fetchDeployedBuild),
    },
    actions: { reloadForBuild: (_, { build }) => reloadForBuild(build) },
  });
  return createActor(machine, actorOptions({ input: { ownBuild: ownBuild(), reloadedFor: reloadedForBuild() } })).start();
}

type PageCodeView = 'loaded' | 'failed' | 'busy';

function pageCodeView(snapshot: ReturnType<PageCodeActor['getSnapshot']>): PageCodeView {
  if (snapshot.matches('loaded')) return 'loaded';
  return snapshot.matches('failed') ? 'failed' : 'busy';
}

/**
 * A page loaded on first visit (a page file exports its component by name); the layout stays on
 * screen while its code arrives. Its download is an actor (machines/page-code.machine.ts) that
 * keeps the outcome, so a render never starts a download: a failed one is retried a few times
 * with back-off, then the page shows the error screen, whose Try again asks again. Once the code
 * is here the page renders at once, so a visit whose page was loaded before the first render
 * paints the page itself, not a placeholder.
 */
function page(load: () => PageModule, name: string, path?: string): ComponentType {
  let actor: PageCodeActor | undefined;
  const code = (): PageCodeActor => (actor ??= startPageCode(load, name));
  if (path) loaders.set(path, code);
  return function LazyPage() {
    const pageCode = code();
    const view = useSelector(pageCode, pageCodeView);
    if (view === 'busy') return <PageLoading />;
    const { context } = pageCode.getSnapshot();
    if (view === 'failed') return <RouteErrorView as="section" error={context.error} onRetry={() => pageCode.send({ type: 'page.retry' })} />;
    const Page = context.code as ComponentType;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
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
 * the code is here or its first download failed (the page then shows its retries and, if they
 * fail, the error screen).
 */
export function preloadPage(pathname: string): Promise<void> {
  for (const [path, code] of loaders) {
    if (!matchPath({ path, end: true }, pathname)) continue;
    const actor = code();
    return new Promise((resolve) => {
      const settled = () => !actor.getSnapshot().matches('loading');
      if (settled()) return resolve();
      const subscription = actor.subscribe(() => {
        if (!settled()) return;
        subscription.unsubscribe();
        resolve();
      });
    });
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
