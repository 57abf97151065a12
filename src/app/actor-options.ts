import type { InspectionEvent, Observer } from 'xstate';

type Inspector = ((event: InspectionEvent) => void) | Observer<InspectionEvent>;
let inspector: Inspector | undefined;

/** Set once at start-up when the Stately inspector is switched on. */
export function setInspector(next: Inspector | undefined): void {
  inspector = next;
}

/** Options every app actor is created with, so the inspector sees all of them. */
export function actorOptions<T extends object>(extra?: T): T & { inspect?: Inspector } {
  return { ...(extra ?? ({} as T)), ...(inspector ? { inspect: inspector } : {}) };
}
