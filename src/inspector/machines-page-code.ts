/**
 * The code of the machine inspector's page, /__machines (machines-page.tsx), fetched on the first
 * visit. The router shows it only in builds that have the inspector (src/app/inspector.ts).
 */
export function loadMachinesPage(): Promise<Record<string, unknown>> {
  return import('./machines-page');
}
