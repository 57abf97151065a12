/**
 * One real server (with its payment sandbox) and one Chromium per browser test file, and a
 * fresh phone-sized page per path, so paths never see each other's cookies or storage.
 */
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage } from '../helpers/browser.js';
import { apiLogin, setBrowserSession, type LoginSession } from '../helpers/login.js';
import { startShopServer, type ShopServer, type StartOptions } from '../helpers/shop-server.js';
import type { PathModel } from './path-model.js';
import { modelEvents, modelStates, shortestPaths, testNameOf } from './path-model.js';

export interface World {
  server: ShopServer;
  browser: Browser;
}

/** With `options`, the server starts with them (an environment of its own, e.g. a geocoder that is down). */
export async function startWorld(options: StartOptions = {}): Promise<World> {
  const [server, browser] = await Promise.all([startShopServer(options), launchBrowser()]);
  return { server, browser };
}

export async function stopWorld(world: World | undefined): Promise<void> {
  await world?.browser.close();
  await world?.server.stop();
}

export interface PathPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  errors: string[];
}

/**
 * A new page for one path. With `clock`, the page's timers run on Playwright's clock: time
 * flows as usual until a step jumps it forward or holds it still.
 */
export async function openPathPage(world: World, session: LoginSession | null, options: { clock?: boolean } = {}): Promise<PathPage> {
  const phone = await newPhonePage(world.browser, world.server.url);
  if (session) await setBrowserSession(phone.context, world.server.url, session);
  if (options.clock) await phone.page.clock.install();
  return phone;
}

/**
 * Holds the page's clock still (timers wait until `runFor` or `resume`). First waits for the
 * notification area, which mounts once the page is shown, so no toast waits on a held clock.
 */
export async function holdClock(page: Page): Promise<void> {
  await page.locator('section.Toastify').first().waitFor({ state: 'attached', timeout: 10_000 });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10);
}

/** Waits until the locator is visible. */
export async function visible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until the locator is gone (hidden or detached). */
export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** The sandbox's card window over the page. */
export function cardWindow(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Sandbox checkout"]');
}

export async function payWithCard(page: Page, card: string): Promise<void> {
  const frame = cardWindow(page);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry').fill('12/34');
  await frame.getByLabel('CVV').fill('123');
  await frame.locator('#pay').click();
}

/**
 * The toast notification with this text. Found by its container rather than its alert role:
 * while a dialog is open the rest of the page, toasts included, is hidden from the
 * accessibility tree.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.Toastify__toast').filter({ hasText: text });
}

/**
 * Ends a path's page. With PATHS_SCREENSHOT=<file.png> in the environment, the page's last
 * screen is saved there first (what a failing path was looking at).
 */
export async function closePathPage(phone: PathPage | null): Promise<void> {
  if (!phone) return;
  if (process.env.PATHS_SCREENSHOT) await phone.page.screenshot({ path: process.env.PATHS_SCREENSHOT }).catch(() => undefined);
  await phone.context.close();
  expect(phone.errors, 'uncaught errors on the page').toEqual([]);
}

/** A driver must carry out every event of its model and check every state of it. */
export function expectCompleteDriver(pathModel: PathModel, driver: { states: object; events: object }): void {
  const states = [...modelStates(pathModel.model).keys()].sort();
  expect(Object.keys(driver.states).sort()).toEqual(states);
  expect(
    Object.keys(driver.events)
      .filter((e) => e !== 'xstate.init')
      .sort(),
  ).toEqual(modelEvents(pathModel.model));
}

/** What a machine's driver gives the path tests: a check per model state, a step per model event, and its clean-up. */
export interface PathDriver {
  states: Record<string, () => Promise<void> | void>;
  events: Record<string, () => Promise<unknown> | void>;
  close(): Promise<void>;
}

/**
 * The browser test of one path model: one server and Chromium for the file (started with
 * `world`), the shop made ready once by `prepare`, then every shortest path of the model
 * replayed on a fresh page by a fresh driver.
 */
export function replayInBrowser<Shop>(
  pathModel: PathModel,
  options: { world?: StartOptions; prepare: (world: World) => Promise<Shop> | Shop; driver: (shop: Shop) => PathDriver },
): void {
  let world: World | undefined;
  let shop: Shop | undefined;
  const ready = (): Shop => {
    if (shop === undefined) throw new Error('The shop was not prepared');
    return shop;
  };

  beforeAll(async () => {
    world = await startWorld(options.world);
    shop = await options.prepare(world);
  });
  afterAll(() => stopWorld(world));

  describe(`${pathModel.name} paths in the browser`, () => {
    it('has a step for every event and a check for every state of the model', () => {
      expectCompleteDriver(pathModel, options.driver(ready()));
    });

    shortestPaths(pathModel).forEach((path, i) => {
      it(testNameOf(pathModel, i, path.description), async () => {
        const driver = options.driver(ready());
        try {
          await path.test({ states: driver.states, events: driver.events });
        } finally {
          await driver.close();
        }
      });
    });
  });
}

/** A `prepare` for a shop whose customer is signed in (the one-time-password login through the API). */
export function withCustomer<Shop>(prepare: (world: World, session: LoginSession) => Promise<Shop>): (world: World) => Promise<Shop> {
  return async (world) => prepare(world, await apiLogin(world.server.url, world.server.dataDir));
}
