import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import styles from './page-shell.module.css';

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.crumbs}>
      <ol className={styles.crumbList}>
        {crumbs.map((crumb, i) => (
          <Fragment key={`${crumb.label}-${i}`}>
            {i > 0 && <li aria-hidden="true">/</li>}
            <li>
              {crumb.to ? (
                <RouterLink className={`ui-link ui-link-hover ${styles.crumbLink}`} to={crumb.to}>
                  {crumb.label}
                </RouterLink>
              ) : (
                <span aria-current="page" className={styles.crumbCurrent}>
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

export interface PageShellProps {
  title: string;
  subtitle?: ReactNode;
  crumbs?: Crumb[];
  children: ReactNode;
  actions?: ReactNode;
}

/** The frame as it is drawn, with nothing read from the app's state: also what a page's HTML paints (src/app/opening-list.tsx). */
export function PageShellView({ title, subtitle, crumbs, children, actions }: PageShellProps) {
  return (
    <div className={`ui-container ${styles.shell}`}>
      {crumbs && crumbs.length > 0 && <Breadcrumbs crumbs={crumbs} />}
      <div className={styles.titleRow}>
        <div>
          <h1 className={`ui-heading ${styles.title}`}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
