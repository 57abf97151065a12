/**
 * Renders a documentation page for each machine of machines/: a Mermaid stateDiagram-v2 built
 * from the machine definition itself (toDirectedGraph of @xstate/graph), its states with tags,
 * its events, its named delays and the spec section it implements.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toDirectedGraph } from '@xstate/graph';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { pathModels } from '../paths/path-models';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const machinesDir = path.join(root, 'machines');
export const docsDir = path.join(root, 'docs', 'machines');
const machineTestsDir = path.join(root, 'tests', 'machines');

type GraphNode = ReturnType<typeof toDirectedGraph>;

/** Spec sections each machine implements, by machine id. */
export const SPEC_SECTIONS: Record<string, string> = {
  config: 'Section 3 (company config: loading, error, fetched) and section 2 (refetch on every path change).',
  home: 'Section 3 (home-store, version 1, in session storage) and section 7 (/api/categories, /api/products, /api/special-categories).',
  auth: 'Sections 2, 6 and 7 (login and one-time-password verification), section 8 (401: session timeout).',
  profile: 'Section 2 (/user_account/user_profile/) and section 7 (GET and PUT Customer/{customerId}).',
  cart: 'Sections 3, 5, 7 and 9 (cart changes, local cart sync, page size 10).',
  banner: 'Sections 2, 4, 5 and 9 (free-delivery banner, 600 ms count, 2 s unlock flash).',
  hub: 'Sections 4, 7, 8 and 9 (hub connection states and reconnect schedule).',
  checkout: 'Sections 4, 7 and 9 (payment flow, place-order retries, status polling).',
  paymentStatus: 'Sections 4 and 9 (payment status polled every 3 s, at most 100 times, then FAILED).',
  paymentPopup: 'Sections 2, 4 and 9 (payment result popups, 5 s redirect countdown).',
  pendingOrders: 'Sections 2 and 4 (pending-orders modal and payment status list), section 9 (redirect 1 s after a cancel).',
  productList: 'Sections 2 and 5 (/product/, /product/special_products, /product/offer_products with their search params).',
  productDetail: 'Sections 2 and 5 (/product/product_detail with productId and variantId).',
  faq: 'Section 2 (/FAQ/) and section 7 (GET FAQ/common/{companyId}); section 9 (query retries 3, cache 5 minutes).',
  orderList: 'Sections 2, 3 and 5 (/user_account/my_order/: filterType, orderStatus omitted when all, custom date range).',
  orderDetail: 'Sections 2, 3, 7 and 8 (order detail with cancel, return and review).',
  addressBook: 'Sections 2, 5 and 7 (saved addresses, the fixed list of 28 states, geocoding search).',
  wallet: 'Sections 2 and 7 (/user_account/customer_wallet/, GET Customer/info/{customerId}).',
  pageCode: "Sections 2, 4 and 5 (lazy-load failure, 'Something went wrong!', version check and reload); decision 010.",
  connectivity: 'Not in the spec: offline and slow networks (docs/robustness.md, "Offline and slow networks").',
  slotPicker: 'Sections 1 and 7 (pick a delivery slot on the cart page, GET DeliverySlot/web/{companyId}).',
  app: 'Not in the spec: the root of the app\'s actor system, which every long-lived actor joins (docs/architecture.md, "Client").',
  upiApproval:
    'Sections 4 and 9 (status polled every 3 s, at most 100 times) for a UPI request waiting in the customer\'s UPI app: a countdown of its life, then one last look (docs/payments.md, "Payment methods").',
  couponChoice: 'Sections 1 and 7 (apply a coupon on the cart page for checkout, GET Coupon/customer/{companyId}; copy its code).',
};

export function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'implementations' in value;
}

/** Every machine exported by every machines/*.machine.ts file, with the file it came from. */
export async function loadMachines(): Promise<{ file: string; exportName: string; machine: AnyStateMachine }[]> {
  const files = fs
    .readdirSync(machinesDir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found: { file: string; exportName: string; machine: AnyStateMachine }[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (isMachine(value)) found.push({ file, exportName, machine: value });
    }
  }
  return found;
}

function nodeKey(node: AnyStateNode): string {
  return node.path.length === 0 ? 'root' : node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_');
}

function delayName(machine: AnyStateMachine, raw: string): string {
  const named = Object.keys(machine.implementations.delays ?? {});
  return named.includes(raw) ? raw : `${raw} ms`;
}

/** A readable label for an edge's event. */
export function eventLabel(machine: AnyStateMachine, eventType: string, source?: AnyStateNode): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after?.[1]) return `after ${delayName(machine, after[1])}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor?.[1] && actor[2]) {
    const invoked = source?.invoke.find((i) => i.id === actor[2]);
    const name = typeof invoked?.src === 'string' ? invoked.src : actor[2].replace(/^0\./, '');
    return `${name} ${actor[1] === 'done' ? 'done' : 'failed'}`;
  }
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone?.[1]) return `${stateDone[1]} done`;
  return eventType === '' ? 'always' : eventType;
}

function renderNode(machine: AnyStateMachine, node: GraphNode, indent: string, lines: string[]): void {
  const state = node.stateNode as AnyStateNode;
  const children = node.children;
  if (children.length > 0) {
    const isRoot = state.path.length === 0;
    const inner = isRoot ? indent : `${indent}  `;
    if (!isRoot) lines.push(`${indent}state ${nodeKey(state)} {`);
    const initial = state.initial?.target?.[0] as AnyStateNode | undefined;
    if (state.type !== 'parallel' && initial) lines.push(`${inner}[*] --> ${nodeKey(initial)}`);
    children.forEach((child, i) => {
      if (state.type === 'parallel' && i > 0) lines.push(`${inner}--`);
      renderNode(machine, child, inner, lines);
    });
    if (!isRoot) lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${state.key}" as ${nodeKey(state)}`);
    if (state.type === 'final') lines.push(`${indent}${nodeKey(state)} --> [*]`);
  }
}

function collectEdges(machine: AnyStateMachine, node: GraphNode, lines: string[]): void {
  for (const edge of node.edges) {
    const source = edge.source as AnyStateNode;
    const target = edge.target as AnyStateNode;
    const label = eventLabel(machine, edge.label.text, source);
    lines.push(`  ${nodeKey(source)} --> ${nodeKey(target)}: ${label}`);
  }
  for (const child of node.children) collectEdges(machine, child, lines);
}

export function mermaidFor(machine: AnyStateMachine): string {
  const graph = toDirectedGraph(machine);
  const lines = ['stateDiagram-v2'];
  renderNode(machine, graph, '  ', lines);
  // Transitions of the machine itself apply in every state; the diagram draws them from one box.
  if (graph.edges.length > 0) lines.push(`  state "any state" as root`);
  collectEdges(machine, graph, lines);
  return lines.join('\n');
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

function describeDelay(value: unknown): string {
  return typeof value === 'number' ? `${value} ms` : 'computed from context';
}

/** Test files of tests/machines/ that import the machine's file. */
export function machineTestsOf(file: string): string[] {
  const stem = file.replace(/\.ts$/, '').replace(/\./g, '\\.');
  const imports = new RegExp(`machines/${stem}(\\.js)?['"]`);
  // A test that builds the machine through a helper beside it (checkout-harness.ts) tests it too.
  const importsMachine = (source: string) =>
    imports.test(source) ||
    [...source.matchAll(/from '\.\/([\w.-]+?)(?:\.js)?'/g)].some((m) => {
      const helper = path.join(machineTestsDir, `${m[1]}.ts`);
      return !m[1]?.endsWith('.test') && fs.existsSync(helper) && imports.test(fs.readFileSync(helper, 'utf8'));
    });
  return fs
    .readdirSync(machineTestsDir)
    .filter((f) => f.endsWith('.test.ts') && importsMachine(fs.readFileSync(path.join(machineTestsDir, f), 'utf8')))
    .sort()
    .map((f) => `tests/machines/${f}`);
}

/** A test file that walks the shortest paths of a model with createTestModel (directly or through model-harness.ts). */
export function isModelBased(testFile: string): boolean {
  const source = fs.readFileSync(path.join(root, testFile), 'utf8');
  return source.includes('createTestModel(') || source.includes('describeModel(');
}

function testsSection(file: string, machine: AnyStateMachine): string[] {
  const unit = machineTestsOf(file);
  const browser = pathModels.find((m) => m.machine.id === machine.id);
  return [
    '## Tests',
    '',
    ...(unit.length === 0
      ? ['No machine test yet.']
      : unit.map((t) => `- \`${t}\`${isModelBased(t) ? ' (model-based: every shortest path of a model, replayed on this machine)' : ''}`)),
    ...(browser
      ? [
          `- \`${browser.testFile}\`: every shortest path of \`tests/paths/${browser.name}.paths.ts\` in Chromium against the real server;`,
          `  list them with \`npm run test:paths -- --list --machine ${browser.name}\`, run them with \`npm run test:paths -- --machine ${browser.name}\``,
        ]
      : []),
    '',
  ];
}

/** The whole Markdown page of one machine. */
export function renderMachineDoc(entry: { file: string; exportName: string; machine: AnyStateMachine }): string {
  const { machine, file, exportName } = entry;
  const states = allStateNodes(machine.root).filter((s) => s.path.length > 0);
  const graph = toDirectedGraph(machine);
  const events = new Set<string>();
  const walk = (node: GraphNode) => {
    for (const edge of node.edges) events.add(eventLabel(machine, edge.label.text, edge.source as AnyStateNode));
    node.children.forEach(walk);
  };
  walk(graph);
  const delays = Object.entries(machine.implementations.delays ?? {});
  const out: string[] = [
    `# ${machine.id} machine`,
    '',
    `Source: \`machines/${file}\` (export \`${exportName}\`). Generated by \`npm run docs:machines\`; do not edit by hand.`,
    '',
    `Implements: ${SPEC_SECTIONS[machine.id] ?? 'see the source file.'}`,
    '',
    '```mermaid',
    mermaidFor(machine),
    '```',
    '',
    '## States',
    '',
    '| state | kind | tags |',
    '|---|---|---|',
    ...states.map((s) => `| ${s.path.join('.')} | ${s.type} | ${[...s.tags].join(', ') || '—'} |`),
    '',
    '## Events',
    '',
    ...[...events].sort().map((e) => `- \`${e}\``),
    '',
    '## Timers (named delays)',
    '',
    ...(delays.length === 0 ? ['None.'] : ['| name | value |', '|---|---|', ...delays.map(([name, value]) => `| ${name} | ${describeDelay(value)} |`)]),
    '',
    ...testsSection(file, machine),
  ];
  return out.join('\n');
}

export function docFileFor(file: string, exportName: string, many: boolean): string {
  const stem = file.replace(/\.machine\.ts$/, '');
  return path.join(docsDir, many ? `${stem}.${exportName}.md` : `${stem}.md`);
}

/** Every page to write: file path and content. */
export async function renderAll(): Promise<{ path: string; content: string }[]> {
  const machines = await loadMachines();
  const perFile = new Map<string, number>();
  for (const m of machines) perFile.set(m.file, (perFile.get(m.file) ?? 0) + 1);
  const pages = machines.map((m) => ({
    path: docFileFor(m.file, m.exportName, (perFile.get(m.file) ?? 0) > 1),
    content: renderMachineDoc(m),
    id: m.machine.id,
  }));
  const index = [
    '# Machines',
    '',
    'Every flow of the storefront is an XState machine in `machines/`. Each page below is generated from the machine',
    'definition by `npm run docs:machines`; a test fails when a page is out of date with its machine. A file that',
    'exports a machine factory also exports a machine made with it (`resource.machine.ts` exports `faqMachine`);',
    'that machine is the one drawn. How QA lists and runs the path tests: [../qa-guide.md](../qa-guide.md).',
    '',
    ...pages.map((p) => `- [${p.id}](${path.basename(p.path)})`),
    '',
  ].join('\n');
  return [...pages.map(({ path: p, content }) => ({ path: p, content })), { path: path.join(docsDir, 'README.md'), content: index }];
}
