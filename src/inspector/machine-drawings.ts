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

/** A state's box: a rect with the corner radius of states and frames, not the dashed "any state" box. */
const BOX = /<rect (?![^>]*stroke-dasharray="3 3")[^>]*rx="10"[^>]*\/>/g;
const TEXT = /<text[^>]*>([^<]*)<\/text>/;

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * Marks each state's box in the drawing. The drawing (tests/tools/machine-svg.ts) writes the
 * boxes in the order of the machine's states, parents before their children, each box followed
 * by its name; a box is only marked when its name is the state's key.
 */
export function markStates(svgText: string, states: StateInfo[]): MachineDrawing {
  const boxes = [...svgText.matchAll(BOX)].map((match) => {
    const at = (match.index ?? 0) + match[0].length;
    const name = TEXT.exec(svgText.slice(at, at + 2000))?.[1];
    return { end: at - 2, name: name === undefined ? null : unescapeXml(name) };
  });
  const marks = new Map<number, string>();
  const missing: string[] = [];
  let next = 0;
  for (const state of states) {
    const at = boxes.findIndex((box, i) => i >= next && box.name === state.key);
    if (at < 0) {
      missing.push(state.path);
      continue;
    }
    marks.set(boxes[at]?.end ?? 0, state.path);
    next = at + 1;
  }
  let svg = '';
  let from = 0;
  for (const [end, path] of [...marks].sort((a, b) => a[0] - b[0])) {
    svg += `${svgText.slice(from, end)} data-state="${path.replace(/"/g, '&quot;')}"`;
    from = end;
  }
  return { svg: svg + svgText.slice(from), missing };
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
