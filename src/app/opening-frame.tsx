import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Category } from '../../contract/catalogue.schemas';
import type { OpeningShop } from '../../contract/opening-shell.rules';
import { CategoryMenu, SiteHeaderBar } from '../components/site-header-bar';

/**
 * A page's first paint as the server renders it (src/app/opening-list.tsx, opening-detail-paint.tsx):
 * the header with the category menu (`current` marked) as the app draws it for a visitor without a
 * session, and the page's own part in its main area, inert and busy until the app's first render
 * replaces it.
 */
export function renderOpeningFrame({
  shop,
  categories,
  current,
  location,
  children,
}: {
  shop: OpeningShop;
  categories: Category[];
  current: string | null;
  location: string;
  children: ReactNode;
}): string {
  // React's server renderer puts a preload of each eager or high-priority picture in front of the
  // markup; the page's head has them already (server/spa/opening-page.ts), so they are left out.
  return renderToStaticMarkup(
    <StaticRouter location={location}>
      <div inert aria-busy="true" data-opening-shell="" className="layout-column">
        <SiteHeaderBar
          content={{ name: shop.name, logo: shop.logo, loggedIn: false, cartCount: 0 }}
          sticky={false}
          menu={<CategoryMenu categories={categories} current={current} />}
        />
        <main className="layout-main">{children}</main>
      </div>
    </StaticRouter>,
  ).replace(/^(?:<link [^>]*>)+/, '');
}
