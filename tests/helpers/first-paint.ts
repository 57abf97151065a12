import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A part of the page on screen, in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each part (a selector, its first match) is on screen; fails naming a part that is not. */
export async function boxesOf(page: Page, parts: Record<string, string>): Promise<Record<string, Box>> {
  const boxes: Record<string, Box> = {};
  for (const [name, selector] of Object.entries(parts)) {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${name} (${selector}) is not on screen`);
    boxes[name] = found;
  }
  return boxes;
}

/** Every part where it was, at the same size, to the pixel: the app's first render moved nothing the first paint drew. */
export function expectSameBoxes(before: Record<string, Box>, after: Record<string, Box>): void {
  for (const [part, box] of Object.entries(before)) {
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[part]![side] - box[side]), `${part} ${side}`).toBeLessThanOrEqual(1);
  }
}

/** Holds back the app's main script until the returned function is called, so the first paint can be measured alone. */
export async function holdMainScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Marks the page, then tells whether the mark is still there: a link the app handles leaves the page in place. */
export async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as unknown as { stillThere: boolean }).stillThere = true));
  return async () => (await page.evaluate(() => (window as unknown as { stillThere?: boolean }).stillThere)) === true;
}
