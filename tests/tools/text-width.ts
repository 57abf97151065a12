/**
 * Text widths for laying out diagrams without a browser: Helvetica's advance widths (Arial and
 * Liberation Sans share them), in thousandths of the font size. Unknown characters count wide,
 * so a box is never narrower than its text.
 */
const ROWS: [string, number[]][] = [
  ['ABCDEFGHIJKLM', [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833]],
  ['NOPQRSTUVWXYZ', [722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611]],
  ['abcdefghijklm', [556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833]],
  ['nopqrstuvwxyz', [556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500]],
  ['0123456789', [556, 556, 556, 556, 556, 556, 556, 556, 556, 556]],
  [' !"#$%&\'()*+,-./', [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278]],
  [':;<=>?@[\\]^_`{|}~', [278, 278, 584, 584, 584, 556, 1015, 278, 278, 278, 469, 556, 333, 334, 260, 334, 584]],
  ['×…·→≤≥', [584, 1000, 278, 1000, 584, 584]],
];
const WIDTHS = new Map(ROWS.flatMap(([chars, widths]) => [...chars].map((ch, i): [string, number] => [ch, widths[i] ?? 1000])));

/** Bold glyphs run about 8% wider; other sans-serif fonts a viewer may substitute run wider still. */
const SAFETY = 1.08;
const BOLD = 1.08;

export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += WIDTHS.get(ch) ?? 1000;
  return (units / 1000) * fontSize * SAFETY * (bold ? BOLD : 1);
}

/** Breaks text at spaces (or anywhere, for a long word) into lines no wider than maxWidth. */
export function wrapText(text: string, fontSize: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  // A number stays with its unit: "1.5 s" never breaks.
  for (const word of text.split(/ (?!(?:ms|s|min)\b)/)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (textWidth(candidate, fontSize, bold) <= maxWidth || line === '') line = candidate;
    else {
      lines.push(line);
      line = word;
    }
    while (textWidth(line, fontSize, bold) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), fontSize, bold) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
