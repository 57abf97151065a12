import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router';
import { APP_VERSION } from '../app/app-version';
import { appActors } from '../app/app-actors';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { useShopName } from './use-shop-config';

/** The five information pages of section 2. */
export const INFORMATION_PAGES = [
  { to: '/FAQ', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms-and-condition', label: 'Terms and conditions' },
  { to: '/return-and-refund-policy', label: 'Return and refund policy' },
] as const;

/** The footer: plain elements with plain classes (site-footer.css), applied before the app's first render (src/lib/later-styles.ts). */
export function SiteFooter() {
  const name = useShopName();
  const info = useSelector(appActors().config, (s) => s.context.details?.CompanyInfo ?? null);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="ui-container site-footer-container">
        <div className="site-footer-grid">
          <div className="site-footer-stack">
            <h2 className="ui-heading site-footer-shop-name">{name}</h2>
            {info?.About && <p className="site-footer-small">{info.About}</p>}
          </div>
          <nav aria-label="Information">
            <h2 className="ui-heading site-footer-heading">Information</h2>
            <ul className="site-footer-stack">
              {INFORMATION_PAGES.map((page) => (
                <li key={page.to}>
                  <RouterLink className="ringed-link site-footer-link site-footer-small" to={page.to}>
                    {page.label}
                  </RouterLink>
                </li>
              ))}
            </ul>
          </nav>
          <address className="site-footer-stack site-footer-small site-footer-contact">
            <h2 className="ui-heading site-footer-heading">Contact</h2>
            {info?.Phone && (
              <span className="site-footer-line">
                <PhoneIcon size={16} />
                <a className="ringed-link site-footer-link" href={`tel:${info.Phone.replace(/\s+/g, '')}`}>
                  {info.Phone}
                </a>
              </span>
            )}
            {info?.Email && (
              <span className="site-footer-line">
                <MailIcon size={16} />
                <a className="ringed-link site-footer-link" href={`mailto:${info.Email}`}>
                  {info.Email}
                </a>
              </span>
            )}
            {info?.Address && (
              <span className="site-footer-line site-footer-line-top">
                <span className="site-footer-pin-icon">
                  <PinIcon size={16} />
                </span>
                <span>{info.Address}</span>
              </span>
            )}
            <RouterLink className="ringed-link site-footer-link site-footer-underlined" to="/contact-us">
              All contact details
            </RouterLink>
          </address>
        </div>
        <p className="site-footer-copyright">
          © {year} {name}. Version {APP_VERSION}.
        </p>
      </div>
    </footer>
  );
}
