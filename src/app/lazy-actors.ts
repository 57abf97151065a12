import { useSyncExternalStore } from 'react';

/**
 * App actors whose code loads on first use rather than with the first page. `get()` loads and
 * starts them once; views subscribe with `useLoadedActors`, which gives null until then.
 */
export class LazyActors<T> {
  private value: T | null = null;
  private loading: Promise<T> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.loading ??= this.load().then(
      (value) => {
        this.announce(value);
        return value;
      },
      (error: unknown) => {
        // Code that could not be downloaded (no network) is asked for again on the next use.
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /** For a module that starts the actors itself (a lazily loaded page): records them once. */
  announce(value: T): void {
    if (this.value !== null) return;
    this.value = value;
    // A page may start them while rendering: tell the subscribed views after that render.
    queueMicrotask(() => this.listeners.forEach((listener) => listener()));
  }

  readonly current = (): T | null => this.value;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The actors once loaded, else null; the view renders again when they arrive. */
export function useLoadedActors<T>(lazy: LazyActors<T>): T | null {
  return useSyncExternalStore(lazy.subscribe, lazy.current, () => null);
}
