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
import { ChakraLayout, ChakraScoped, loadChakraScope } from './chakra-part';
import { loadMachinesPage } from '../inspector/machines-page-code';
import { repairStyleSheets } from '../lib/style-sheets';
import { ACCOUNT_BASE, PAGES, type PageAccess } from '../../contract/pages.table';
// The landing page ships with the app (one round trip less on a phone); every other page is lazy.
import { HomePage } from '../pages/home-page';

type PageModule = Promise<Record<string, unknown>>;
type PageCodeActor = ActorRefFrom<typeof pageCodeMachine>;

/** Every lazy page's code actor by its full path, so the page of the address a visit opens on can load at once. */
const loaders = new Map<string, () => PageCodeActor>();

/**
 * The named export of a page file, loaded with the Chakra provider it renders in unless the page
 * draws without Chakra (chakra-part.tsx), and with every style sheet that failed to download so
 * far asked for again (lib/style-sheets.ts); a module without it, or a style sheet that fails
 * again, counts as a failed download.
 */
async function pageComponent(load: () => PageModule, name: string, chakra: boolean): Promise<ComponentType> {
  const [module] = await Promise.all([load(), chakra ? loadChakraScope() : undefined]);
  await repairStyleSheets();
  const component = module?.[name];
  if (typeof component !== 'function') throw new Error(`The page file has no ${name}`);
  return component as ComponentType;
}

function startPageCode(load: () => PageModule, name: string, chakra: boolean): PageCodeActor {
  const machine = pageCodeMachine.provide({
    actors: {
      loadCode: fromPromise<unknown>(() => pageComponent(load, name, chakra)),
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
function page(load: () => PageModule, name: string, path?: string, chakra = true): ComponentType {
  let actor: PageCodeActor | undefined;
  const code = (): PageCodeActor => (actor ??= startPageCode(load, name, chakra));
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

/**
 * The code of every page file by its path from the project root; Vite makes each its own chunk,
 * fetched on first call. Home is left out: it ships with the main script.
 */
const pageFiles = import.meta.glob<Record<string, unknown>>(['/src/pages/**/*-page.tsx', '/src/pages/info-pages.tsx', '!/src/pages/home-page.tsx']);

/** The lazy pages of the table one guard lets in, drawn with Chakra or not, each with its path relative to the parent route at `base`. */
function pagesFor(access: PageAccess, base = '', chakra = true): [string, ComponentType][] {
  return PAGES.filter((entry) => entry.access === access && (entry.chakra !== false) === chakra).map((entry) => {
    const load = pageFiles[`/${entry.module}`];
    if (!load) throw new Error(`The page table names ${entry.module}, which is not a page file`);
    return [entry.path.slice(base.length + 1), page(load, entry.component, entry.path, chakra)];
  });
}

/** Public pages drawn without Chakra: they render outside its provider, as home does. */
const plainShopPages = pagesFor('anyone', '', false);
const shopPages = pagesFor('anyone');
const customerPages = pagesFor('customer');
const guestPages = pagesFor('guest');
const accountPages = pagesFor('account', ACCOUNT_BASE);
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

let machinesPage: ComponentType | undefined;

/** The machine inspector's page (src/inspector/), its code loaded on the first visit. */
function MachinesRoute() {
  machinesPage ??= page(loadMachinesPage, 'MachinesPage');
  const MachinesPage = machinesPage;
  return (
    <ChakraScoped>
      <MachinesPage />
    </ChakraScoped>
  );
}

/**
 * Every route of the shop (spec section 2); render inside a BrowserRouter. A build that includes
 * the machine inspector (src/app/inspector.ts) adds its page, /__machines, outside the shop's
 * layout; a normal production build has no trace of it, the condition being false when it is built.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  if ((import.meta.env.DEV || import.meta.env.VITE_INSPECT) && pathname === '/__machines') return <MachinesRoute />;
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <SessionNavigator />
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="home" element={<HomePage />} />
          {plainShopPages.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route element={<ChakraLayout />}>
            {shopPages.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route element={<Guarded guard={requireCustomerId} />}>
              {customerPages.map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Route>
            <Route element={<Guarded guard={redirectIfLoggedIn} />}>
              {guestPages.map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Route>
            <Route path={ACCOUNT_BASE.slice(1)} element={<Guarded guard={requireToken} />}>
              {accountPages.map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
