import fs from 'node:fs';
import path from 'node:path';

/**
 * The project folder (package.json, dist/, server/assets/). Found by walking up from this file because the
 * server runs from two depths: server/lib/ from source (tests, `npm run dev`) and build/server/lib/ once
 * compiled (`npm start`).
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}: the server must run from inside the project folder.`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** The catalogue's pictures, served under /images/. */
export const IMAGES_DIR = path.join(PROJECT_ROOT, 'server', 'assets', 'images');

/** Where `vite build` writes the shop's page files. */
export const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, 'dist');
