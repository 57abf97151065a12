import type { ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { imageUrl } from '../../contract/image-url.rules.js';
import { CartIcon, FishIcon, PinIcon, TruckIcon, UserIcon } from './icons.js';
import { ScrollRow } from './scroll-row.js';
import { SearchBox } from './search-box.js';

/** What the header shows, as plain values: the live header reads them from the app's actors, the opening page's first paint from the server (src/app/opening-shell.tsx). */
export interface SiteHeaderContent {
  /** The shop's display name. */
  name: string;
  /** The company logo's address; a fish mark while there is none. */
  logo: string;
  loggedIn: boolean;
  cartCount: number;
}

/** Logo and name of the shop; a fish mark while the logo is unknown. */
function ShopBrand({ name, logo }: Pick<SiteHeaderContent, 'name' | 'logo'>) {
  return (
    <RouterLink className="ui-link site-header-bar-brand" to="/" aria-label={`${name}, home`}>
      <div className="site-header-bar-brand-inner">
        {logo ? (
          <img className="site-header-bar-logo" src={imageUrl(logo)} alt="" />
        ) : (
          <span className="site-header-bar-mark">
            <FishIcon size={22} />
          </span>
        )}
        <span className="site-header-bar-truncate">{name}</span>
      </div>
    </RouterLink>
  );
}

/** 'My account' with a session, 'Login' without. */
function AccountLink({ loggedIn }: { loggedIn: boolean }) {
  return (
    <RouterLink className="ui-button ui-button-sm site-header-bar-account" to={loggedIn ? '/user_account/user_profile' : '/auth/login'}>
      <UserIcon size={20} />
      <span>{loggedIn ? 'My account' : 'Login'}</span>
    </RouterLink>
  );
}

/** The cart icon with the number of lines in it. */
function CartLink({ count }: { count: number }) {
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty';
  return (
    <RouterLink className="ui-button ui-button-md ui-button-icon site-header-bar-cart" to="/cart" aria-label={label}>
      <CartIcon size={22} />
      {count > 0 && (
        <span className="site-header-bar-cart-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </RouterLink>
  );
}

/** Where and when the shop delivers, as the header says it. */
export interface DeliveryContent {
  /** The PIN code the shopper chose; null until they choose one. */
  pinCode: string | null;
  /** 'Today, 6–8 PM', or null while unknown. */
  earliest: string | null;
}

/**
 * The header's delivery line: the PIN code (or a prompt to enter one), which opens the PIN check,
 * and the earliest delivery. One line of fixed height, so the header keeps its size whatever it says.
 */
export function DeliveryRow({ delivery, onChangePin }: { delivery: DeliveryContent; onChangePin?: () => void }) {
  return (
    <div className="site-header-bar-delivery" data-testid="header-delivery">
      <button type="button" className="ui-button ui-button-xs site-header-bar-pin" aria-haspopup="dialog" onClick={onChangePin}>
        <PinIcon size={16} />
        {delivery.pinCode ? `Deliver to ${delivery.pinCode}` : 'Enter PIN code'}
      </button>
      {delivery.earliest && (
        <span className="site-header-bar-earliest" data-testid="header-earliest-delivery">
          <TruckIcon size={16} />
          <span className="site-header-bar-truncate">
            <span className="ui-visually-hidden">Earliest delivery: </span>
            {delivery.earliest}
          </span>
        </span>
      )}
    </div>
  );
}

/** A category of the menu: its id as the list's address names it, and its name. */
export interface MenuCategory {
  categoryId: number | string;
  name: string;
}

/** The category menu: every category one tap away, scrolling sideways when the names do not fit. */
export function CategoryMenu({ categories, current }: { categories: readonly MenuCategory[]; current: string | null }) {
  if (categories.length === 0) return null;
  return (
    <ScrollRow
      label="Shop by category"
      noun="categories"
      fade="brand.800"
      buttonProps={{ colorPalette: 'gray', variant: 'solid' }}
      activeKey={`${current}:${categories.length}`}
    >
      <ul className="site-header-bar-categories">
        {categories.map((c) => {
          const active = current === String(c.categoryId);
          return (
            <li key={c.categoryId}>
              <RouterLink className="ui-link site-header-bar-category" to={`/product?categoryId=${c.categoryId}`} aria-current={active ? 'page' : undefined}>
                {c.name}
              </RouterLink>
            </li>
          );
        })}
      </ul>
    </ScrollRow>
  );
}

/**
 * The header's bar: brand, search, account and cart, and under them the category menu when there
 * is one. `sticky` pins it to the top in its compact form (site-header.tsx).
 */
export function SiteHeaderBar({
  content,
  sticky,
  menu,
  delivery,
  headerRef,
}: {
  content: SiteHeaderContent;
  sticky: boolean;
  menu?: ReactNode;
  /** The live delivery line; the first paint shows the prompt to enter a PIN code in its place. */
  delivery?: ReactNode;
  headerRef?: Ref<HTMLElement>;
}) {
  return (
    // Sticky (data-sticky), it is fixed to the top with a shadow and slides in (site-header-bar.css).
    <header className="site-header-bar" ref={headerRef} data-sticky={sticky ? 'true' : 'false'}>
      <div className="ui-container site-header-bar-container">
        <div className="site-header-bar-row">
          <ShopBrand name={content.name} logo={content.logo} />
          <div className="site-header-bar-search-wide">
            <SearchBox />
          </div>
          <div className="site-header-bar-actions">
            <AccountLink loggedIn={content.loggedIn} />
            <CartLink count={content.cartCount} />
          </div>
        </div>
        <div className="site-header-bar-search-narrow">
          <SearchBox />
        </div>
        {!sticky && <div className="site-header-bar-below">{delivery ?? <DeliveryRow delivery={{ pinCode: null, earliest: null }} />}</div>}
        {!sticky && <div className="site-header-bar-below">{menu}</div>}
      </div>
    </header>
  );
}
