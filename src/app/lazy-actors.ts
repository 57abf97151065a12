/**
 * App actors whose code loads on first use rather than with the first page. `get()` loads the
 * code and starts the actors in the app's system once (views find them there with
 * `useAppActor`, app-system.ts); code that could not be downloaded is asked for again on the
 * next use.
 */
export class LazyActors<T> {
  private loading: Promise<T> | null = null;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }
}
