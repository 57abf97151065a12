/** One printed figure of `npm run bench`, with the baseline it is compared against in the same run. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  baselineLabel: string;
  /** value / baseline, where a baseline exists. */
  ratio: number | null;
  target: string;
  pass: boolean;
  details?: Record<string, number | string>;
}

export function row(input: Omit<BenchRow, 'ratio'>): BenchRow {
  const ratio = input.baseline ? input.value / input.baseline : null;
  return { ...input, ratio };
}

export function failedRow(name: string, target: string, error: unknown): BenchRow {
  const message = error instanceof Error ? error.message : String(error);
  return { name, value: Number.NaN, unit: '', baseline: null, baselineLabel: '', ratio: null, target, pass: false, details: { error: message } };
}
