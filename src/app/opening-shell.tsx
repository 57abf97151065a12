import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { HomeHero } from '../components/home-hero.js';
import { CategoryMenu, SiteHeaderBar } from '../components/site-header-bar.js';
import {
  SHELL_CATEGORY_CHIPS,
  SHELL_CATEGORY_ID,
  SHELL_CATEGORY_MENU,
  SHELL_CATEGORY_NAME,
  SHELL_SHOP_LOGO,
  SHELL_SHOP_NAME,
  SHELL_VARIANTS,
  shellVariantKey,
  type OpeningShellFile,
  type ShellVariant,
} from '../../contract/opening-shell.rules.js';

/**
 * The home page as a phone first shows it: the layout's column, the header bar with its category
 * menu (filled in by the server) and the hero, exactly as root-layout.tsx and home-page.tsx
 * render them. It is inert: the app's first render replaces it, and until then a
 * tap or a keystroke has nothing to act on that would be lost.
 */
function OpeningShell({ variant }: { variant: ShellVariant }) {
  const content = { name: SHELL_SHOP_NAME, logo: variant.logo ? SHELL_SHOP_LOGO : '', loggedIn: variant.loggedIn, cartCount: 0 };
  return (
    <div inert aria-busy="true" data-opening-shell="" className="layout-column">
      <SiteHeaderBar content={content} sticky={false} menu={SHELL_CATEGORY_MENU} />
      <main className="layout-main">
        <HomeHero />
      </main>
    </div>
  );
}

/** Server-rendered markup of a part of the app, as the browser's first render will draw it. */
function rendered(element: ReactNode): string {
  return renderToStaticMarkup(<StaticRouter location="/">{element}</StaticRouter>);
}

/**
 * What the build writes beside index.html: every variant, and the category menu with one chip
 * for the server to repeat per category. The parts use no Chakra component (there is no Chakra
 * provider here, so one that did would stop the build): their styles are plain classes in the
 * page's head (src/first-paint.css), and the app's first render adds no CSS at all.
 */
export function openingShellFile(): OpeningShellFile {
  const variants = Object.fromEntries(SHELL_VARIANTS.map((variant) => [shellVariantKey(variant), rendered(<OpeningShell variant={variant} />)]));
  const menu = rendered(<CategoryMenu categories={[{ categoryId: SHELL_CATEGORY_ID, name: SHELL_CATEGORY_NAME }]} current={null} />);
  const chip = /<li>(?:(?!<\/?li>)[\s\S])*<\/li>/.exec(menu)?.[0];
  if (!chip?.includes(SHELL_CATEGORY_NAME)) throw new Error('The category menu renders its chips other than as the first paint expects');
  return { variants, menu: menu.replace(chip, SHELL_CATEGORY_CHIPS), chip };
}
