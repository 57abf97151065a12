import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLACE_ORDER_ATTEMPTS } from '../../machines/checkout.rules.js';
import { RECONNECT_DELAYS_MS, RECONNECT_FALLBACK_MS } from '../../machines/hub.machine.js';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_MS } from '../../machines/payment-status.machine.js';
import { UPI_COUNTDOWN_TICK_MS, UPI_WAIT_LIMIT_SECONDS } from '../../machines/upi-approval.machine.js';
import { formatDuration } from '../tools/machine-chart.js';
import { docsDir, isModelBased, loadCharts, loadMachines, machinesDir, machineTestsOf, renderAll, SPEC_SECTIONS } from '../tools/machine-docs.js';
import { svgFor } from '../tools/machine-svg.js';

const REGENERATE = 'run npm run docs:machines';

let rendered: ReturnType<typeof renderAll> | undefined;
/** Rendering every machine takes seconds; the tests share one rendering. */
const render = () => (rendered ??= renderAll());

async function generated(file: string): Promise<string> {
  const found = (await render()).find((p) => path.basename(p.path) === file);
  if (!found) throw new Error(`${file} is not generated`);
  return found.content;
}

/** The text an SVG shows, one <text> element a line, entities decoded. */
function svgText(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

/** The Mermaid arrows of a page: `source --> target: label`. */
function arrows(page: string): string[] {
  return page.split('\n').filter((line) => /^\s+\w+ --> \w+: /.test(line));
}

describe('machine diagrams in docs/machines', () => {
  it('has a page and a drawing for every machine, identical to what the machine generates now', async () => {
    const files = await render();
    expect(files.filter((f) => f.path.endsWith('.svg')).length).toBe(files.filter((f) => f.path.endsWith('.md')).length - 1);
    for (const file of files) {
      const name = path.relative(process.cwd(), file.path);
      expect(fs.existsSync(file.path), `${name} is missing: ${REGENERATE}`).toBe(true);
      expect(fs.readFileSync(file.path, 'utf8') === file.content, `${name} is out of date: ${REGENERATE}`).toBe(true);
    }
  }, 60_000);

  it('keeps no page or drawing of a machine that is gone', async () => {
    const files = new Set((await render()).map((p) => path.basename(p.path)));
    const stale = fs.readdirSync(docsDir).filter((f) => (f.endsWith('.md') || f.endsWith('.svg')) && !files.has(f));
    expect(stale, `files without a machine: ${REGENERATE}`).toEqual([]);
  }, 60_000);

  it('finds a machine in every machines/*.machine.ts file', async () => {
    const files = fs.readdirSync(machinesDir).filter((f) => f.endsWith('.machine.ts'));
    const machines = await loadMachines();
    for (const file of files)
      expect(
        machines.some((m) => m.file === file),
        `${file} exports no machine`,
      ).toBe(true);
  });

  it('names the spec section every machine implements', async () => {
    const missing = (await loadMachines()).map((m) => m.machine.id).filter((id) => !SPEC_SECTIONS[id]);
    expect(missing, 'add them to SPEC_SECTIONS in tests/tools/machine-docs.ts').toEqual([]);
  });

  it('covers every machine with a model-based test', async () => {
    const uncovered = (await loadMachines()).filter((m) => !machineTestsOf(m.file).some(isModelBased)).map((m) => m.file);
    expect(uncovered, 'machines without a createTestModel test in tests/machines/').toEqual([]);
  });

  it('draws every state and named transition of a machine', async () => {
    const config = await generated('config.md');
    expect(config).toContain('stateDiagram-v2');
    expect(config).toMatch(/fetched --> loading: config\.fetch/);
    expect(config).toMatch(/loading --> error: fetchConfig failed/);
  }, 60_000);

  it('embeds the drawing in each page, an SVG any viewer opens on a light background', async () => {
    const page = await generated('checkout.md');
    expect(page).toContain('![checkout state chart](checkout.svg)');
    const svg = await generated('checkout.svg');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
    expect(svg).not.toMatch(/<foreignObject|<script|<image/);
    expect(svgText(svg)).toEqual(expect.arrayContaining(['checkout machine', 'placing', 'invokes placeOrder', 'editing', 'payment']));
  }, 60_000);

  it('draws the same bytes for the same chart', async () => {
    const hub = (await loadCharts()).find((c) => c.chart.id === 'hub');
    if (!hub) throw new Error('no hub machine');
    expect(await svgFor(hub.chart)).toBe(await svgFor(hub.chart));
  }, 60_000);

  it('shows why the placed order goes where it goes: a guard on each placeOrder done arrow, and the tries', async () => {
    const page = await generated('checkout.md');
    const placed = arrows(page).filter((line) => line.includes('placing -->') && line.includes(': placeOrder done'));
    expect(placed.length).toBeGreaterThan(1);
    for (const line of placed) expect(line, 'every placeOrder done arrow names its guard').toMatch(/placeOrder done \[\w+\]/);
    expect(placed.some((line) => line.includes('[else]'))).toBe(true);
    const tries = `PLACE_ORDER_ATTEMPTS = ${PLACE_ORDER_ATTEMPTS}`;
    expect(arrows(page).find((line) => line.includes('placeOrder failed [canRetryPlace]'))).toContain(tries);

    const text = svgText(await generated('checkout.svg'));
    for (const line of placed) expect(text).toContain(line.slice(line.indexOf(': ') + 2));
    expect(text).toContain('placeOrder failed [canRetryPlace]');
    expect(text).toContain(tries);
  }, 60_000);

  it('shows the payment status polling: every 3 s, at most 100 times', async () => {
    const every = `after ${formatDuration(PAYMENT_POLL_MS)} (PAYMENT_POLL_INTERVAL)`;
    const most = `PAYMENT_POLL_ATTEMPTS = ${PAYMENT_POLL_ATTEMPTS}`;
    expect(every).toBe('after 3 s (PAYMENT_POLL_INTERVAL)');
    const page = await generated('payment-status.md');
    expect(arrows(page)).toContain(`  waiting --> checking: ${every}`);
    expect(arrows(page).filter((line) => line.includes('[pollsExhausted]') && line.includes(most)).length).toBe(2);
    const text = svgText(await generated('payment-status.svg'));
    expect(text).toContain(every);
    expect(text).toContain(most);
    // The checkout runs the same polling while it waits for the payment.
    expect(svgText(await generated('checkout.svg')).join(' ')).toMatch(/invokes paymentStatus \(PAYMENT_POLL_ATTEMPTS = 100, PAYMENT_POLL_MS = 3 s\)/);
  }, 60_000);

  it('shows the hub reconnect delays and the fallback after them', async () => {
    const delays = `RECONNECT_DELAYS_MS = ${RECONNECT_DELAYS_MS.map(formatDuration).join(', ')}`;
    const fallback = `RECONNECT_FALLBACK_MS = ${formatDuration(RECONNECT_FALLBACK_MS)}`;
    expect(delays).toBe('RECONNECT_DELAYS_MS = 1 s, 1.5 s, 1.5 s, 1.5 s, 1.5 s');
    const page = await generated('hub.md');
    expect(arrows(page)).toContain(`  Reconnecting__waiting --> Reconnecting__attempting: after reconnectDelay · ${delays} · ${fallback}`);
    const text = svgText(await generated('hub.svg'));
    expect(text).toContain('after reconnectDelay');
    expect(text).toContain(delays);
    expect(text).toContain(fallback);
  }, 60_000);

  it('shows the UPI countdown on the UPI approval chart and where the checkout waits for it', async () => {
    const limit = `UPI_WAIT_LIMIT_SECONDS = ${formatDuration(UPI_WAIT_LIMIT_SECONDS * 1000)}`;
    const tick = `after ${formatDuration(UPI_COUNTDOWN_TICK_MS)} (COUNTDOWN_TICK)`;
    expect(svgText(await generated('upi-approval.svg'))).toEqual(expect.arrayContaining([limit, `${tick} [lastSecond]`]));
    expect(svgText(await generated('checkout.svg')).join(' ')).toContain('invokes upiApproval (');
    expect(await generated('checkout.md')).toMatch(/payment__awaitingApproval : invokes upiApproval \(.*UPI_WAIT_LIMIT_SECONDS = 5 min\)/);
  }, 60_000);
});
