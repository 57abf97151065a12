/**
 * The scale curve as an SVG image for docs/performance.md: per database, p99 latency at half load
 * (left) and maximum throughput (right) against the number of products, one line per read path.
 * Plain SVG text, so it shows in any viewer and diffs in review.
 */
import type { ScalePoint } from './scale-bench.js';

const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const PANEL_W = 420;
const PANEL_H = 260;
const PAD = { left: 56, right: 16, top: 36, bottom: 40 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function panel(
  points: ScalePoint[],
  paths: string[],
  x0: number,
  y0: number,
  title: string,
  value: (p: ScalePoint) => number,
  unit: string,
  target?: number,
): string {
  const products = [...new Set(points.map((p) => p.products))].sort((a, b) => a - b);
  const values = points.map(value).filter((v) => Number.isFinite(v));
  const max = Math.max(target ?? 0, ...values, 1) * 1.1;
  const w = PANEL_W - PAD.left - PAD.right;
  const h = PANEL_H - PAD.top - PAD.bottom;
  const logMin = Math.log10(Math.min(...products, 1000));
  const logMax = Math.log10(Math.max(...products, 10_000));
  const x = (n: number) => x0 + PAD.left + (logMax === logMin ? w / 2 : ((Math.log10(n) - logMin) / (logMax - logMin)) * w);
  const y = (v: number) => y0 + PAD.top + h - (v / max) * h;
  const out: string[] = [];
  out.push(`<text x="${x0 + PANEL_W / 2}" y="${y0 + 20}" text-anchor="middle" font-weight="bold">${esc(title)}</text>`);
  out.push(`<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top + h}" x2="${x0 + PAD.left + w}" y2="${y0 + PAD.top + h}" stroke="#333"/>`);
  out.push(`<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top}" x2="${x0 + PAD.left}" y2="${y0 + PAD.top + h}" stroke="#333"/>`);
  for (let k = 0; k <= 4; k += 1) {
    const v = (max / 4) * k;
    out.push(`<text x="${x0 + PAD.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="10">${Math.round(v)}</text>`);
  }
  out.push(
    `<text x="${x0 + 14}" y="${y0 + PAD.top + h / 2}" font-size="10" transform="rotate(-90 ${x0 + 14} ${y0 + PAD.top + h / 2})" text-anchor="middle">${esc(unit)}</text>`,
  );
  for (const n of products) out.push(`<text x="${x(n)}" y="${y0 + PAD.top + h + 16}" text-anchor="middle" font-size="10">${n.toLocaleString('en-IN')}</text>`);
  out.push(`<text x="${x0 + PAD.left + w / 2}" y="${y0 + PANEL_H - 6}" text-anchor="middle" font-size="10">products</text>`);
  if (target !== undefined) {
    out.push(`<line x1="${x0 + PAD.left}" y1="${y(target)}" x2="${x0 + PAD.left + w}" y2="${y(target)}" stroke="#d62728" stroke-dasharray="4 3"/>`);
    out.push(`<text x="${x0 + PAD.left + w - 2}" y="${y(target) - 4}" text-anchor="end" font-size="10" fill="#d62728">target ${target} ${esc(unit)}</text>`);
  }
  paths.forEach((name, i) => {
    const line = products
      .map((n) => points.find((p) => p.path === name && p.products === n))
      .filter((p): p is ScalePoint => p !== undefined && Number.isFinite(value(p)))
      .map((p) => `${x(p.products).toFixed(1)},${y(value(p)).toFixed(1)}`);
    if (line.length > 0) out.push(`<polyline points="${line.join(' ')}" fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="2"/>`);
  });
  return out.join('\n');
}

export function scaleChart(points: ScalePoint[], paths: string[]): string {
  const dialects = [...new Set(points.map((p) => p.dialect))];
  const legendH = 20 * Math.ceil(paths.length / 3) + 10;
  const width = PANEL_W * 2;
  const height = PANEL_H * dialects.length + legendH;
  const parts: string[] = [];
  dialects.forEach((dialect, row) => {
    const mine = points.filter((p) => p.dialect === dialect);
    parts.push(panel(mine, paths, 0, row * PANEL_H, `${dialect}: p99 at half load`, (p) => p.p99AtHalfMs, 'ms', 20));
    parts.push(panel(mine, paths, PANEL_W, row * PANEL_H, `${dialect}: maximum throughput`, (p) => p.maxRps, 'req/s'));
  });
  paths.forEach((name, i) => {
    const lx = (i % 3) * (width / 3) + 16;
    const ly = PANEL_H * dialects.length + 16 + Math.floor(i / 3) * 20;
    parts.push(
      `<rect x="${lx}" y="${ly - 9}" width="14" height="4" fill="${COLOURS[i % COLOURS.length]}"/><text x="${lx + 20}" y="${ly - 4}" font-size="11">${esc(name)}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
}
