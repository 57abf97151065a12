import { Component, useId, useState, type ErrorInfo, type ReactNode } from 'react';
import styles from './status-views.module.css';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * 'Something went wrong!' with Show Error / Hide Error (unknown routes show 'Not Found' instead),
 * and Try again, which asks for what failed once more. Inside the layout (whose main landmark
 * holds it) it is a section.
 */
export function RouteErrorView({ error, onRetry, as: Landmark = 'main' }: { error: unknown; onRetry: () => void; as?: 'main' | 'section' }) {
  const [shown, setShown] = useState(false);
  const detailId = useId();
  return (
    <Landmark className={styles.routeError}>
      <div role="alert">
        <h1 className={`ui-heading ${styles.headingXl}`}>Something went wrong!</h1>
        <p className={styles.routeErrorText}>Please try again. If it keeps happening, reload the page.</p>
      </div>
      <div className={styles.routeErrorActions}>
        <button
          type="button"
          className={`ui-button ui-button-md ${styles.outline}`}
          onClick={() => setShown((s) => !s)}
          aria-expanded={shown}
          aria-controls={detailId}
        >
          {shown ? 'Hide Error' : 'Show Error'}
        </button>
        <button type="button" className="ui-button ui-button-md ui-button-solid" onClick={onRetry}>
          Try again
        </button>
      </div>
      <div id={detailId} hidden={!shown} className={styles.routeErrorDetail}>
        {shown && <code className={styles.routeErrorCode}>{describe(error)}</code>}
      </div>
    </Landmark>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new key (the next page) clears a shown error. */
  resetKey: string;
}

/** Catches what a page throws while rendering, including a page whose code failed to load. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.resetKey });
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteErrorView error={this.state.error} onRetry={() => this.setState({ error: null, failedAt: null })} />;
  }
}
