import { useDocumentTitle } from './document-title';
import { PageShellView, type PageShellProps } from './page-shell-view';

/** A screen's frame: breadcrumb, the one h1, an optional line under it, then the content. Names the document after the screen. */
export function PageShell(props: PageShellProps) {
  useDocumentTitle(props.title);
  return <PageShellView {...props} />;
}
