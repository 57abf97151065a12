/**
 * The charts of docs/machines (drawn by `npm run docs:machines`), as the inspector shows them:
 * each state's box marked with its path, so the states an actor is in can be lit up.
 */
import machineIndex from '../../docs/machines/README.md?raw';
import type { StateInfo } from './inspection-records';

/** Each drawing's text, fetched when first shown: Vite makes each its own file of the inspector's build. */
const drawings = import.meta.glob<string>('/docs/machines/*.svg', { query: '?raw', import: 'default' });

/** The drawing's file of each machine id, read from the index of the machine pages (`- [faq](resource.md)`). */
const fileOfMachine = new Map([...machineIndex.matchAll(/^- \[([^\]]+)\]\(([\w-]+)\.md\)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));

export interface MachineDrawing {
  /** The SVG markup, every state's box carrying data-state="<path>". */
  svg: string;
  /** The states of the machine that have no box in the drawing (a drawing older than the machine). */
  missing: string[];
}

/**
 * Marks each state's box in the drawing. The drawing writes the boxes in the order of the
 * machine's states, parents before their children, each box followed by its name; a box is
 * only marked when its name is the state's key.
 */
export function markStates(svgText: string, states: StateInfo[]): MachineDrawing {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const boxes = [...doc.querySelectorAll('rect')].filter((rect) => rect.getAttribute('rx') === '10' && rect.getAttribute('stroke-dasharray') !== '3 3');
  const missing: string[] = [];
  let next = 0;
  for (const state of states) {
    const at = boxes.findIndex((box, i) => i >= next && nameAfter(box) === state.key);
    if (at < 0) {
      missing.push(state.path);
      continue;
    }
    boxes[at]?.setAttribute('data-state', state.path);
    next = at + 1;
  }
  return { svg: new XMLSerializer().serializeToString(doc.documentElement), missing };
}

function nameAfter(box: Element): string | null {
  for (let element = box.nextElementSibling; element; element = element.nextElementSibling) {
    if (element.tagName === 'text') return element.textContent;
  }
  return null;
}

const loaded = new Map<string, Promise<string | null>>();

/** The drawing of a machine, or null when docs/machines has none for its id. */
export function loadDrawing(machineId: string): Promise<string | null> {
  let drawing = loaded.get(machineId);
  if (!drawing) {
    const file = fileOfMachine.get(machineId) ?? machineId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const load = drawings[`/docs/machines/${file}.svg`];
    drawing = load ? load() : Promise.resolve(null);
    loaded.set(machineId, drawing);
  }
  return drawing;
}
