import { setInspector } from './actor-options';

/** `local`: the shop's own inspector page, /__machines (src/inspector/); `stately`: stately.ai's, online only. */
export type InspectorMode = 'local' | 'stately';

const REMEMBERED = 'shoal-inspect';

function modeOf(value: string | null | undefined): InspectorMode | 'off' | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === 'stately') return 'stately';
  return value === '0' || value === 'off' ? 'off' : 'local';
}

/**
 * The inspector this page load uses: ?inspect=1 (or local) and ?inspect=stately switch it on for the
 * tab, reloads included, ?inspect=0 switches it off; else VITE_INSPECT decides (1 or local, stately).
 */
export function inspectorMode(search: string = window.location.search): InspectorMode | null {
  const asked = modeOf(new URLSearchParams(search).get('inspect'));
  let remembered: string | null = null;
  try {
    if (asked) window.sessionStorage.setItem(REMEMBERED, asked);
    remembered = window.sessionStorage.getItem(REMEMBERED);
  } catch {
    // Storage is off: the switch holds for this page load only.
  }
  const mode = asked ?? modeOf(remembered) ?? modeOf(import.meta.env.VITE_INSPECT as string | undefined);
  return mode === 'off' ? null : mode;
}

/**
 * Attaches the inspector, when the build has it and it is switched on, to every app actor
 * (actor-options.ts). Every development build has it, and a production build made with
 * VITE_INSPECT set (`VITE_INSPECT=1 npx vite build`); a normal production build leaves the
 * inspector, its page (/__machines) and its switch out. The local inspector records the session
 * and shows it at /__machines, in another tab or this one; the Stately one opens
 * stately.ai/inspect in a pop-up, which needs the internet.
 */
export async function setupInspector(): Promise<void> {
  // Written out rather than a shared constant: the bundler then drops the inspector before it splits the code into files.
  if (!(import.meta.env.DEV || import.meta.env.VITE_INSPECT)) return;
  const mode = inspectorMode();
  if (mode === 'local') {
    const { startRecorder } = await import('../inspector/inspection-recorder');
    setInspector(startRecorder().inspect);
  } else if (mode === 'stately') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    setInspector(createBrowserInspector().inspect);
  }
}
