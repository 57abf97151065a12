import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a client build into `dir` as a server test needs it: each file by its path inside the
 * build (`index.html`, `.vite/manifest.json`, …), its folders made as needed. Text is written as
 * it is; any other value as its JSON, as Vite writes the manifest.
 */
export function writeFakeBuild(dir: string, files: Record<string, string | object>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
}
