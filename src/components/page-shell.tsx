import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from './document-title';
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

/** A screen's frame: breadcrumb, the one h1, an optional line under it, then the content. */
export function PageShell({
  title,
  subtitle,
  crumbs,
  children,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  crumbs?: Crumb[];
  children: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
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
