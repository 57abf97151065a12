import { Link as RouterLink } from 'react-router';
import { FishIcon, PinIcon, ShieldIcon, TruckIcon } from './icons.js';

/**
 * The hero's words are the page's own, so its largest text never changes once painted (the shop's About text is in the footer).
 * Styled by plain classes (src/components/home-hero.css, in the page's head): the opening shell renders it at build time.
 */
export function HomeHero({ address }: { address?: string }) {
  return (
    <div className="home-hero">
      <div className="ui-container home-hero-container">
        <div className="home-hero-intro">
          {address && (
            <div className="home-hero-address">
              <PinIcon size={16} />
              <p>Delivering to {address}</p>
            </div>
          )}
          <h1 className="ui-heading home-hero-heading">Today’s catch, cleaned and cut to order</h1>
          <p className="home-hero-lead">Fresh fish, prawns, crabs and groceries, delivered in the slot you choose.</p>
          <div className="home-hero-actions">
            <RouterLink to="/product" className="ui-button ui-button-lg home-hero-button-shop">
              Shop all products
            </RouterLink>
            <a href="#offers" className="ui-button ui-button-lg home-hero-button-offers">
              See offers
            </a>
          </div>
        </div>
        <ul className="home-hero-points">
          <li className="home-hero-point">
            <FishIcon /> <p>Landed before dawn, cleaned the same morning</p>
          </li>
          <li className="home-hero-point">
            <TruckIcon /> <p>Delivery slots through the day</p>
          </li>
          <li className="home-hero-point">
            <ShieldIcon /> <p>Secure payments, easy returns</p>
          </li>
        </ul>
      </div>
    </div>
  );
}
