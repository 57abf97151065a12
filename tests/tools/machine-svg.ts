/**
 * Draws a machine's state chart as a standalone SVG: elkjs lays out the nested states (compound
 * states as frames holding their children) and the labelled arrows; this file writes the shapes.
 * No browser is involved, and the same chart always gives the same bytes.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { Chart, ChartEdge, ChartState } from './machine-chart';
import { textWidth, wrapText } from './text-width';

const FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif";
const NAME_SIZE = 13;
const NOTE_SIZE = 11;
const LABEL_SIZE = 11;
const LINE = 14;
const NOTE_WIDTH = 230;
const LABEL_WIDTH = 250;
const DOT = 12;
const MARGIN = 16;

const COLOURS = {
  background: '#ffffff',
  text: '#1b2733',
  note: '#4d5b69',
  state: '#e8f1fb',
  stateLine: '#3d6a9e',
  frame: '#f6f8fb',
  frameLine: '#8ea4bf',
  region: '#fbfcfd',
  arrow: '#5a6672',
  label: '#2f4a66',
  figures: '#fff8e6',
  figuresLine: '#d9b45a',
};

interface Box {
  /** Lines of the title: the state's name, then its invoke notes. */
  name: string;
  notes: string[];
  width: number;
  height: number;
}

function round(n: number): string {
  const r = Math.round(n * 10) / 10;
  return String(Object.is(r, -0) ? 0 : r);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function titleBox(name: string, invokes: string[]): Box {
  const notes = invokes.flatMap((line) => wrapText(line, NOTE_SIZE, NOTE_WIDTH));
  const width = Math.max(textWidth(name, NAME_SIZE, true), ...notes.map((n) => textWidth(n, NOTE_SIZE)));
  return { name, notes, width, height: LINE + 4 + notes.length * (LINE - 1) };
}

/** Marks a label line that is a figure (drawn in italics) rather than an event. */
const FIGURE = '\u0001';

interface Layout {
  graph: ElkNode;
  states: Map<string, ChartState>;
  titles: Map<string, Box>;
}

const LAYERED = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  // States keep the order they are written in: the initial state on top, arrows back to it point up.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelNode': '6',
  'elk.edgeLabels.placement': 'CENTER',
};

/**
 * An arrow to a state written later in the machine points down. elkjs orders the states inside a
 * frame by itself otherwise, and a retry loop could draw its waiting state below its attempt.
 */
const FORWARD = { 'elk.layered.priority.direction': '10' };

function elkNode(state: ChartState, titles: Map<string, Box>, states: Map<string, ChartState>, edges: ElkExtendedEdge[]): ElkNode {
  states.set(state.id, state);
  const title = titleBox(state.key, state.invokes);
  titles.set(state.id, title);
  if (state.children.length === 0) {
    return { id: state.id, width: Math.ceil(title.width + 28), height: Math.ceil(title.height + 16) };
  }
  const children = state.children.map((child) => elkNode(child, titles, states, edges));
  if (state.initial) {
    const dot = `${state.id}__initial`;
    children.unshift({ id: dot, width: DOT, height: DOT });
    edges.push({ id: `${dot}__edge`, sources: [dot], targets: [state.initial], layoutOptions: FORWARD });
  }
  return {
    id: state.id,
    children,
    layoutOptions: {
      'elk.padding': `[top=${Math.ceil(title.height + 14)},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${Math.ceil(title.width + 28)},${Math.ceil(title.height + 30)})`,
    },
  };
}

async function layOut(chart: Chart): Promise<Layout> {
  const titles = new Map<string, Box>();
  const states = new Map<string, ChartState>();
  const edges: ElkExtendedEdge[] = [];
  const top = chart.root.children.map((child) => elkNode(child, titles, states, edges));
  if (chart.root.initial) {
    top.unshift({ id: 'root__initial', width: DOT, height: DOT });
    edges.push({ id: 'root__initial__edge', sources: ['root__initial'], targets: [chart.root.initial], layoutOptions: FORWARD });
  }
  if (chart.edges.some((e) => e.source === 'root' || e.target === 'root')) {
    const anyState = titleBox('any state', []);
    titles.set('root', anyState);
    top.push({ id: 'root', width: Math.ceil(anyState.width + 28), height: Math.ceil(anyState.height + 16) });
  }
  // States in the order they are written, parents before their children.
  const order = new Map([...states.keys()].map((id, i) => [id, i]));
  // Arrows between the same two states share one line, their labels stacked: fewer lines to tell apart.
  const shared = new Map<string, ChartEdge[]>();
  for (const edge of chart.edges) {
    const key = `${edge.source} ${edge.target}`;
    shared.set(key, [...(shared.get(key) ?? []), edge]);
  }
  [...shared.values()].forEach((group, i) => {
    const lines = group.flatMap((edge) =>
      edge.lines.flatMap((line, j) => wrapText(line, LABEL_SIZE, LABEL_WIDTH).map((text) => (j === 0 ? text : `${FIGURE}${text}`))),
    );
    const label: ElkLabel = {
      text: lines.join('\n'),
      width: Math.ceil(Math.max(...lines.map((l) => textWidth(l.replace(FIGURE, ''), LABEL_SIZE))) + 6),
      height: lines.length * LINE + 2,
      // A label sits on its own arrow, which runs through it, so it cannot be read as another arrow's.
      layoutOptions: { 'elk.edgeLabels.inline': 'true' },
    };
    const first = group[0] as ChartEdge;
    const forward = (order.get(first.source) ?? Infinity) < (order.get(first.target) ?? -Infinity);
    edges.push({ id: `e${i}`, sources: [first.source], targets: [first.target], labels: [label], ...(forward ? { layoutOptions: FORWARD } : {}) });
  });
  const elk = new ELK();
  const graph = await elk.layout({ id: '__chart', layoutOptions: LAYERED, children: top, edges });
  return { graph, states, titles };
}

/** Absolute offsets of every node, so that edges can be drawn in their container's frame. */
function offsets(node: ElkNode, x: number, y: number, into: Map<string, { x: number; y: number }>): void {
  into.set(node.id, { x, y });
  for (const child of node.children ?? []) offsets(child, x + (child.x ?? 0), y + (child.y ?? 0), into);
}

function drawTitle(box: Box, x: number, y: number, centred: boolean, width: number): string[] {
  const anchor = centred ? 'middle' : 'start';
  const tx = centred ? x + width / 2 : x + 10;
  const out = [
    `<text x="${round(tx)}" y="${round(y + LINE)}" text-anchor="${anchor}" font-size="${NAME_SIZE}" font-weight="bold" fill="${COLOURS.text}">${escapeXml(box.name)}</text>`,
  ];
  box.notes.forEach((note, i) => {
    out.push(
      `<text x="${round(tx)}" y="${round(y + LINE + 4 + (i + 1) * (LINE - 1))}" text-anchor="${anchor}" font-size="${NOTE_SIZE}" font-style="italic" fill="${COLOURS.note}">${escapeXml(note)}</text>`,
    );
  });
  return out;
}

function drawNode(node: ElkNode, layout: Layout, abs: Map<string, { x: number; y: number }>, out: string[]): void {
  const at = abs.get(node.id) ?? { x: 0, y: 0 };
  const w = node.width ?? 0;
  const h = node.height ?? 0;
  if (node.id.endsWith('__initial')) {
    out.push(`<circle cx="${round(at.x + w / 2)}" cy="${round(at.y + h / 2)}" r="${round(DOT / 2)}" fill="${COLOURS.text}"/>`);
    return;
  }
  const state = layout.states.get(node.id);
  const title = layout.titles.get(node.id);
  if (!title) return;
  const rect = (inset: number, fill: string, stroke: string, extra = '') =>
    `<rect x="${round(at.x + inset)}" y="${round(at.y + inset)}" width="${round(w - 2 * inset)}" height="${round(h - 2 * inset)}" rx="${10 - inset}" fill="${fill}" stroke="${stroke}" stroke-width="1.3"${extra}/>`;
  if (node.children && node.children.length > 0) {
    out.push(state?.region ? rect(0, COLOURS.region, COLOURS.frameLine, ' stroke-dasharray="6 4"') : rect(0, COLOURS.frame, COLOURS.frameLine));
    out.push(...drawTitle(title, at.x, at.y + 4, false, w));
    for (const child of node.children) drawNode(child, layout, abs, out);
    return;
  }
  if (node.id === 'root') {
    out.push(rect(0, COLOURS.background, COLOURS.frameLine, ' stroke-dasharray="3 3"'));
  } else {
    out.push(rect(0, COLOURS.state, COLOURS.stateLine));
    if (state?.type === 'final') out.push(rect(3, 'none', COLOURS.stateLine));
  }
  out.push(...drawTitle(title, at.x, at.y + 8, true, w));
}

function drawEdges(node: ElkNode, abs: Map<string, { x: number; y: number }>, lines: string[], labels: string[]): void {
  for (const edge of node.edges ?? []) {
    const base = abs.get(edge.container ?? node.id) ?? { x: 0, y: 0 };
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(base.x + p.x)} ${round(base.y + p.y)}`).join(' ');
      lines.push(`<path d="${d}" fill="none" stroke="${COLOURS.arrow}" stroke-width="1.2" stroke-linejoin="round" marker-end="url(#arrow)"/>`);
    }
    for (const label of edge.labels ?? []) {
      const x = base.x + (label.x ?? 0);
      const y = base.y + (label.y ?? 0);
      labels.push(
        `<rect x="${round(x)}" y="${round(y)}" width="${round(label.width ?? 0)}" height="${round(label.height ?? 0)}" rx="3" fill="${COLOURS.background}" fill-opacity="0.92"/>`,
      );
      (label.text ?? '').split('\n').forEach((line, i) => {
        const figure = line.startsWith(FIGURE);
        const text = figure ? line.slice(FIGURE.length) : line;
        labels.push(
          `<text x="${round(x + 3)}" y="${round(y + (i + 1) * LINE - 3)}" font-size="${LABEL_SIZE}" fill="${COLOURS.label}"${figure ? ' font-style="italic"' : ''}>${escapeXml(text)}</text>`,
        );
      });
    }
  }
  for (const child of node.children ?? []) drawEdges(child, abs, lines, labels);
}

/** The chart as an SVG document. */
export async function svgFor(chart: Chart): Promise<string> {
  const layout = await layOut(chart);
  const heading = titleBox(`${chart.id} machine`, chart.root.invokes);
  const top = MARGIN + heading.height + 12;
  const abs = new Map<string, { x: number; y: number }>();
  offsets(layout.graph, MARGIN, top, abs);
  abs.set('__chart', { x: MARGIN, y: top });
  const body: string[] = [];
  for (const child of layout.graph.children ?? []) drawNode(child, layout, abs, body);
  const lines: string[] = [];
  const labels: string[] = [];
  drawEdges(layout.graph, abs, lines, labels);

  let width = Math.max((layout.graph.width ?? 0) + 2 * MARGIN, heading.width + 2 * MARGIN);
  let height = top + (layout.graph.height ?? 0) + MARGIN;
  const legend: string[] = [];
  if (chart.figures.length > 0) {
    const entries = chart.figures.flatMap((f) => wrapText(`${f.name} = ${f.value}`, NOTE_SIZE, 420));
    const boxWidth = Math.max(textWidth('Figures', NOTE_SIZE, true), ...entries.map((e) => textWidth(e, NOTE_SIZE))) + 20;
    const boxHeight = (entries.length + 1) * LINE + 14;
    legend.push(
      `<rect x="${MARGIN}" y="${round(height)}" width="${round(boxWidth)}" height="${boxHeight}" rx="6" fill="${COLOURS.figures}" stroke="${COLOURS.figuresLine}"/>`,
      `<text x="${MARGIN + 10}" y="${round(height + LINE + 4)}" font-size="${NOTE_SIZE}" font-weight="bold" fill="${COLOURS.text}">Figures</text>`,
      ...entries.map(
        (e, i) => `<text x="${MARGIN + 10}" y="${round(height + (i + 2) * LINE + 4)}" font-size="${NOTE_SIZE}" fill="${COLOURS.text}">${escapeXml(e)}</text>`,
      ),
    );
    width = Math.max(width, boxWidth + 2 * MARGIN);
    height += boxHeight + MARGIN;
  }
  const w = round(Math.ceil(width));
  const h = round(Math.ceil(height));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT}">`,
    `<title>${escapeXml(`${chart.id} machine`)}</title>`,
    '<defs>',
    `<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${COLOURS.arrow}"/></marker>`,
    '</defs>',
    `<rect width="100%" height="100%" fill="${COLOURS.background}"/>`,
    ...drawTitle(heading, MARGIN - 10, MARGIN - 4, false, width),
    ...body,
    ...lines,
    ...labels,
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}
