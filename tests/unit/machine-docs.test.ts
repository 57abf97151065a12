import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir, isModelBased, loadMachines, machinesDir, machineTestsOf, renderAll, SPEC_SECTIONS } from '../tools/machine-docs.js';

describe('machine diagrams in docs/machines', () => {
  it('has a page for every machine, identical to what the machine generates now', async () => {
    const pages = await renderAll();
    for (const page of pages) {
      const name = path.relative(process.cwd(), page.path);
      expect(fs.existsSync(page.path), `${name} is missing: run npm run docs:machines`).toBe(true);
      expect(fs.readFileSync(page.path, 'utf8'), `${name} is out of date: run npm run docs:machines`).toBe(page.content);
    }
  }, 30_000);

  it('keeps no page of a machine that is gone', async () => {
    const pages = new Set((await renderAll()).map((p) => path.basename(p.path)));
    const stale = fs.readdirSync(docsDir).filter((f) => f.endsWith('.md') && !pages.has(f));
    expect(stale, 'pages without a machine: run npm run docs:machines').toEqual([]);
  }, 30_000);

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
    const pages = await renderAll();
    const config = pages.find((p) => p.path.endsWith('config.md'));
    expect(config?.content).toContain('stateDiagram-v2');
    expect(config?.content).toMatch(/fetched --> loading: config\.fetch/);
    expect(config?.content).toMatch(/loading --> error: fetchConfig failed/);
  }, 30_000);
});
