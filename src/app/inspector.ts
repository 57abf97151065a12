import { setInspector } from './actor-options';

/**
 * The Stately inspector, in development only: start the dev server with VITE_INSPECT=1 or
 * open any page with ?inspect=1, and every app actor shows in the inspector window.
 */
export async function setupInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const wanted = import.meta.env.VITE_INSPECT === '1' || new URLSearchParams(window.location.search).get('inspect') === '1';
  if (!wanted) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  setInspector(inspector.inspect);
}
