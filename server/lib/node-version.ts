import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

/** The oldest Node.js the shop runs on: package.json's `engines.node`, written `>=MAJOR.MINOR`. */
export function oldestSupportedNode(engines: string): [major: number, minor: number] {
  const match = /^>=\s*(\d+)\.(\d+)$/.exec(engines.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR", not "${engines}".`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * Why this Node.js cannot run the shop, or undefined when it can. Checked before anything else at
 * start: on Node 20 the SQLite driver would crash the process with no message when the database opens.
 */
export function unsupportedNodeMessage(version: string, engines: string): string | undefined {
  const [major, minor] = oldestSupportedNode(engines);
  const [runningMajor = 0, runningMinor = 0] = version.split('.').map(Number);
  if (runningMajor > major || (runningMajor === major && runningMinor >= minor)) return undefined;
  return `Shoal needs Node.js ${major}.${minor} or newer (the LTS lines 22 and 24); this is Node.js ${version}. Install a supported Node.js and run npm install again.`;
}

export function projectNodeEngines(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  return manifest.engines?.node ?? '';
}
