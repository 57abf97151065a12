/**
 * Renders a documentation page for each machine of machines/: its state chart drawn as SVG and
 * as Mermaid source, both built from the machine definition itself (machine-chart.ts), its
 * figures, its states with tags, its events, its named delays and the spec section it implements.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { pathModels } from '../paths/path-models';
import { chartOf, formatDuration, loadFigureIndex, type Chart, type ChartState, type Figure, type FigureIndex } from './machine-chart';
import { svgFor } from './machine-svg';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const machinesDir = path.join(root, 'machines');
export const docsDir = path.join(root, 'docs', 'machines');
const machineTestsDir = path.join(root, 'tests', 'machines');

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
  pinCheck:
    'Not in the spec: where the shop delivers, a PIN code checked against the branches (GET Delivery/pincode/{pinCode}, docs/api-catalogue.md), the branch switched from it.',
  earliestDelivery:
    'Not in the spec: the earliest delivery slot with room, as the server labels it (GET DeliverySlot/earliest/{companyId}, docs/api-catalogue.md).',
  notifyMe: 'Not in the spec: "Notify me" on a sold-out product or variant, GET/POST/DELETE StockNotice (docs/api-catalogue.md, "Notify me").',
  invoiceDownload: 'Not in the spec: "Download invoice" on a delivered order, GET Order/invoice/{id} (docs/account.md, "Tax invoice").',
  searchSuggestions:
    'Not in the spec: suggestions while typing in the header search, GET /api/search/suggestions (docs/screens.md, "Search suggestions"; docs/api-catalogue.md).',
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

function renderState(state: ChartState, indent: string, lines: string[]): void {
  const isRoot = state.id === 'root';
  if (state.children.length > 0) {
    const inner = isRoot ? indent : `${indent}  `;
    if (!isRoot) lines.push(`${indent}state ${state.id} {`);
    if (state.initial) lines.push(`${inner}[*] --> ${state.initial}`);
    state.children.forEach((child, i) => {
      if (state.type === 'parallel' && i > 0) lines.push(`${inner}--`);
      renderState(child, inner, lines);
    });
    if (!isRoot) lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${state.key}" as ${state.id}`);
    if (state.type === 'final') lines.push(`${indent}${state.id} --> [*]`);
  }
  for (const note of state.invokes) lines.push(`${indent}${state.id} : ${note}`);
}

/** One line of a Mermaid label: Mermaid ends a statement at a semicolon. */
function mermaidText(lines: string[]): string {
  return lines.join(' · ').replace(/;/g, ',');
}

export function mermaidFor(chart: Chart): string {
  const lines = ['stateDiagram-v2'];
  renderState(chart.root, '  ', lines);
  // Transitions of the machine itself apply in every state; the diagram draws them from one box.
  if (chart.edges.some((e) => e.source === 'root') || chart.root.invokes.length > 0) lines.push(`  state "any state" as root`);
  for (const edge of chart.edges) lines.push(`  ${edge.source} --> ${edge.target}: ${mermaidText(edge.lines)}`);
  return lines.join('\n');
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

function describeDelay(value: unknown): string {
  return typeof value === 'number' ? formatDuration(value) : 'computed from context';
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

/** The whole Markdown page of one machine; the chart is drawn in the SVG file beside it. */
export function renderMachineDoc(entry: { file: string; exportName: string; machine: AnyStateMachine }, chart: Chart, svgFile: string): string {
  const { machine, file, exportName } = entry;
  const states = allStateNodes(machine.root).filter((s) => s.path.length > 0);
  const events = [...new Set(chart.edges.map((e) => e.event))].sort();
  const delays = Object.entries(machine.implementations.delays ?? {});
  const out: string[] = [
    `# ${machine.id} machine`,
    '',
    `Source: \`machines/${file}\` (export \`${exportName}\`). Generated by \`npm run docs:machines\`; do not edit by hand.`,
    '',
    `Implements: ${SPEC_SECTIONS[machine.id] ?? 'see the source file.'}`,
    '',
    `![${machine.id} state chart](${svgFile})`,
    '',
    'The same chart as Mermaid source:',
    '',
    '```mermaid',
    mermaidFor(chart),
    '```',
    '',
    '## Figures',
    '',
    ...(chart.figures.length === 0 ? ['None.'] : ['| name | value |', '|---|---|', ...chart.figures.map((f: Figure) => `| ${f.name} | ${f.value} |`)]),
    '',
    '## States',
    '',
    '| state | kind | tags |',
    '|---|---|---|',
    ...states.map((s) => `| ${s.path.join('.')} | ${s.type} | ${[...s.tags].join(', ') || '—'} |`),
    '',
    '## Events',
    '',
    ...events.map((e) => `- \`${e}\``),
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

/** The chart of every machine, read with the figures of every module of machines/. */
export async function loadCharts(): Promise<{ entry: { file: string; exportName: string; machine: AnyStateMachine }; chart: Chart }[]> {
  const machines = await loadMachines();
  const index: FigureIndex = await loadFigureIndex(machinesDir);
  const figuresOf = new Map<AnyStateMachine, Figure[]>();
  return machines.map((entry) => ({ entry, chart: chartOf(entry.machine, index, figuresOf) }));
}

/** Every file to write: each machine's page (.md) and drawing (.svg), and the index. */
export async function renderAll(): Promise<{ path: string; content: string }[]> {
  const charts = await loadCharts();
  const perFile = new Map<string, number>();
  for (const { entry } of charts) perFile.set(entry.file, (perFile.get(entry.file) ?? 0) + 1);
  const pages: { path: string; content: string; id: string }[] = [];
  const drawings: { path: string; content: string }[] = [];
  for (const { entry, chart } of charts) {
    const page = docFileFor(entry.file, entry.exportName, (perFile.get(entry.file) ?? 0) > 1);
    const svg = page.replace(/\.md$/, '.svg');
    pages.push({ path: page, content: renderMachineDoc(entry, chart, path.basename(svg)), id: entry.machine.id });
    drawings.push({ path: svg, content: await svgFor(chart) });
  }
  const index = [
    '# Machines',
    '',
    'Every flow of the storefront is an XState machine in `machines/`. Each page below is generated from the machine',
    'definition by `npm run docs:machines`, with its chart drawn as an SVG file beside it; a test fails when a page or',
    'a drawing is out of date with its machine. A file that exports a machine factory also exports a machine made with',
    'it (`resource.machine.ts` exports `faqMachine`); that machine is the one drawn. How QA lists and runs the path',
    'tests: [../qa-guide.md](../qa-guide.md).',
    '',
    ...pages.map((p) => `- [${p.id}](${path.basename(p.path)})`),
    '',
    '## Reading a chart',
    '',
    'Each page shows its chart twice: as a drawing (`<name>.svg`, which opens in any browser or image viewer, on GitHub',
    'and in VS Code) and as Mermaid source. Both say the same.',
    '',
    '- **A rounded box is a state.** A frame with a title holds the states a state is made of; the black dot in a frame',
    '  (or at the top) points to the state it starts in. A dashed frame is one region of a parallel state: its regions',
    '  run side by side. A box with a double border is a final state: the machine (or the frame) is done there.',
    '- **"invokes X" under a state\'s name**: while in that state the machine runs X, a request to the API, a',
    '  connection or another machine. When X is a machine, the figures it works with follow in brackets:',
    '  `invokes paymentStatus (PAYMENT_POLL_ATTEMPTS = 100, PAYMENT_POLL_MS = 3 s)` polls every 3 s, 100 times at most.',
    '- **An arrow is a move from one state to another**, labelled with what causes it:',
    '  - an event from the customer, the app or the server: `checkout.submit`, `payment.pushed`;',
    '  - `X done` or `X failed`: what the state invoked finished, or failed;',
    '  - `after 1 s (PLACE_ORDER_RETRY)`: a timer, with the name the machine gives it. A timer that depends on the',
    "    machine's data shows the figures it is chosen from (`after reconnectDelay` with `RECONNECT_DELAYS_MS = 1 s,",
    '    1.5 s, …` and `RECONNECT_FALLBACK_MS = 30 s`), or else its value when the machine starts;',
    '  - `always`: taken without an event, as soon as its condition holds while the machine is in that state.',
    '- **`[name]` after the event is the condition** (a guard) the move needs. When several arrows leave a state on the',
    '  same event, the first condition that holds wins, in the order of the source, and `[else]` marks the move taken',
    '  when none does. A condition written in place in the machine shows as its code, `[isNotFound(event.error)]`.',
    '- **Lines in italics under a label are figures** the condition or the timer uses: `PLACE_ORDER_ATTEMPTS = 3` on',
    '  `placeOrder failed [canRetryPlace]` means the order is placed again until the third try has failed. In the',
    '  Mermaid source they follow the label after a `·`.',
    '- **Moves between the same two states share one arrow**, their labels stacked on it (`cancelOrder done`,',
    '  `cancelOrder failed`); the Mermaid source keeps one arrow each.',
    '- **"any state"** holds the moves of the machine as a whole, which apply whichever state it is in. An event that',
    '  changes no state (it only updates data or tells another part of the app) is an arrow back into its own box.',
    '- **The Figures box** (and the Figures table of the page) lists every figure of the spec the machine uses, its',
    '  invoked machines included, read from the constants the machine modules export: the numbers in the code are the',
    '  numbers on the chart.',
    '',
    'A large chart (checkout) is wider than a page: open its SVG on its own and zoom in.',
    '',
  ].join('\n');
  return [...pages.map(({ path: p, content }) => ({ path: p, content })), ...drawings, { path: path.join(docsDir, 'README.md'), content: index }];
}
