/** Prints one suite's figures as a block that is easy to find in CI output. */
export function printFigures(title: string, figures: Record<string, number | string>): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([name, value]) => `  ${name.padEnd(width)}  ${value}`);
  console.log(`\n[robustness] ${title}\n${lines.join('\n')}`);
}

/** Latency samples of one kind of request. */
export class LatencyBook {
  private readonly samples = new Map<string, number[]>();
  private readonly failures = new Map<string, string[]>();
  total = 0;

  record(kind: string, ms: number): void {
    this.total += 1;
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
  }

  fail(kind: string, what: string): void {
    const list = this.failures.get(kind) ?? [];
    list.push(what);
    this.failures.set(kind, list);
  }

  get errors(): string[] {
    return [...this.failures.entries()].flatMap(([kind, list]) => list.map((w) => `${kind}: ${w}`));
  }

  /** p-th percentile (0–100) of every sample, in ms. */
  percentile(p: number): number {
    const all = [...this.samples.values()].flat().sort((a, b) => a - b);
    if (all.length === 0) return 0;
    return all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))] ?? 0;
  }

  byKind(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [kind, list] of [...this.samples.entries()].sort()) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      out[kind] = `${list.length} requests, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`;
    }
    return out;
  }
}
