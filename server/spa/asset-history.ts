import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Scripts and style sheets of earlier builds, kept so that a tab opened before a deploy can still
 * load the pages it has not visited yet (decision 010). Their names carry a hash of their content,
 * so files of different builds never clash and one folder holds them all.
 */
export const ASSET_HISTORY_FOLDER = 'assets-history';
/** How long a file stays servable after the first start of a build that no longer has it. */
export const ASSET_HISTORY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** When each file left the build, by name (milliseconds since the epoch); beside the folder, so it is not served. */
const RETIRED_FILE = 'assets-history.json';

export interface AssetHistoryResult {
  /** The folder to serve /assets/ misses from. */
  dir: string;
  copied: number;
  pruned: string[];
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readRetired(file: string): Promise<Record<string, number>> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
    if (parsed === null || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

/**
 * Writes a temporary file in the data folder (outside the served one) and renames it into place,
 * so a visitor or another instance sharing the folder never reads half a file.
 */
async function writeAtomically(dataDir: string, file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = path.join(dataDir, `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    await write(temporary);
    await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/**
 * Copies the current build's assets (clientDir/assets) into dataDir/assets-history, notes when
 * each file of an earlier build was first found missing from the current one, and removes those
 * missing for longer than ASSET_HISTORY_DAYS. Run at every start, which is when a deploy lands.
 */
export async function keepBuildAssets(clientDir: string, dataDir: string, now = Date.now(), keepDays = ASSET_HISTORY_DAYS): Promise<AssetHistoryResult> {
  const source = path.join(clientDir, 'assets');
  const dir = path.join(dataDir, ASSET_HISTORY_FOLDER);
  await fs.mkdir(dir, { recursive: true });
  const current = new Set(await filesIn(source));
  const kept = new Set(await filesIn(dir));
  let copied = 0;
  for (const name of current) {
    if (kept.has(name)) continue;
    await writeAtomically(dataDir, path.join(dir, name), (temporary) => fs.copyFile(path.join(source, name), temporary));
    copied += 1;
  }
  const retiredFile = path.join(dataDir, RETIRED_FILE);
  const retired = await readRetired(retiredFile);
  const next: Record<string, number> = {};
  const pruned: string[] = [];
  for (const name of kept) {
    if (current.has(name)) continue;
    const since = retired[name] ?? now;
    if (now - since >= keepDays * DAY_MS) {
      await fs.rm(path.join(dir, name), { force: true });
      pruned.push(name);
    } else {
      next[name] = since;
    }
  }
  await writeAtomically(dataDir, retiredFile, (temporary) => fs.writeFile(temporary, `${JSON.stringify(next, null, 1)}\n`));
  return { dir, copied, pruned };
}
