/** `npm run docs:machines`: regenerates docs/machines/ from the machine definitions. */
import fs from 'node:fs';
import path from 'node:path';
import { docsDir, renderAll } from './machine-docs.js';

const pages = await renderAll();
fs.mkdirSync(docsDir, { recursive: true });
const keep = new Set(pages.map((p) => p.path));
for (const file of fs.readdirSync(docsDir)) {
  const full = path.join(docsDir, file);
  if ((file.endsWith('.md') || file.endsWith('.svg')) && !keep.has(full)) fs.rmSync(full);
}
for (const page of pages) fs.writeFileSync(page.path, page.content);
console.log(`Wrote ${pages.length} files to ${path.relative(process.cwd(), docsDir)}/`);
