/**
 * Carries out the events of the hub path model in Chromium: the real server is stopped and
 * started again on the same port with the same data, and the customer logs out through the
 * profile page. Each state checks what the customer sees (the reconnecting note, live cart
 * changes) and the traces the connection leaves (browser events of section 4, its sockets).
 */
import type { Page, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import { loginAgain, type LoginSession } from '../helpers/login.js';
import { startShopServer } from '../helpers/shop-server.js';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { RequestGate } from './network-gates.js';
import { ShopApi, type ShopProduct } from './shop-fixtures.js';

export interface HubShop {
  world: World;
  session: LoginSession;
  product: ShopProduct;
}

export const HUB_NOTE = 'Live updates paused — reconnecting…';
/** Past the five listed reconnect delays every wait is 30 s (section 9); one jump covers any wait. */
const LONGEST_WAIT_MS = 30_000;
/** How long a push takes at most on this machine; a missing push is judged after this. */
const PUSH_WITHIN_MS = 1500;

declare global {
  interface Window {
    hubEvents?: string[];
  }
}

export async function prepareHubShop(world: World, session: LoginSession): Promise<HubShop> {
  const product = await new ShopApi(world.server.url, session).productPriced(100, 400, 20);
  return { world, session, product };
}

export function hubDriver(shop: HubShop) {
  const api = () => new ShopApi(shop.world.server.url, shop.session);
  let phone: PathPage | null = null;
  let negotiate: RequestGate | null = null;
  const sockets: WebSocket[] = [];
  let cartFrames = 0;
  const joined = new WeakSet<WebSocket>();

  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gateOf = (): RequestGate => {
    if (!negotiate) throw new Error('No negotiate gate');
    return negotiate;
  };
  const note = () => page().getByText(HUB_NOTE);
  const hubEvents = () => page().evaluate(() => window.hubEvents ?? []);
  const openSockets = () => sockets.filter((s) => !s.isClosed());
  /** Open sockets on which the server has answered JoinCompanyGroup: the connection is live. */
  const joinedSockets = () => openSockets().filter((s) => joined.has(s));

  /** Another device of the customer adds one to the cart; the open page must show it live. */
  const expectLiveCart = async () => {
    const frames = cartFrames;
    const cart = await api().call<{ totalQty: number }>(
      'PUT',
      `Cart/1/${shop.product.productId}/${shop.product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`,
    );
    await visible(page().getByRole('link', { name: `Cart, ${cart.totalQty} ${cart.totalQty === 1 ? 'item' : 'items'}` }), PUSH_WITHIN_MS * 2);
    expect(cartFrames).toBeGreaterThan(frames);
  };

  const states = {
    connecting: async () => {
      await visible(page().getByRole('link', { name: 'My account' }));
      expect(await note().count()).toBe(0);
      expect(sockets).toHaveLength(0);
      const request = await gateOf().arrived();
      expect(await request.headerValue('authorization')).toBe(`Bearer ${shop.session.token}`);
    },
    offlineFromStart: async () => {
      await visible(note());
      await visible(page().getByRole('link', { name: 'My account' }));
      expect(await hubEvents()).toContain('reconnecting');
      expect(openSockets()).toHaveLength(0);
    },
    live: async () => {
      await expect.poll(() => joinedSockets().length).toBe(1);
      expect(await note().count()).toBe(0);
      await expectLiveCart();
    },
    serverAway: async () => {
      await visible(note());
      expect(await hubEvents()).toContain('reconnecting');
      await expect.poll(() => openSockets().length).toBe(0);
    },
    reconnecting: async () => {
      await visible(note());
      expect(gateOf().holding).toBeGreaterThan(0);
      expect(await hubEvents()).not.toContain('reconnected');
    },
    liveAgain: async () => {
      await gone(note());
      await expect.poll(() => hubEvents()).toEqual(['reconnecting', 'reconnected']);
      await expect.poll(() => joinedSockets().length).toBe(1);
      await expectLiveCart();
    },
    restartingAsVisitor: async () => {
      await page().waitForURL((url) => url.pathname === '/');
      await visible(page().getByRole('link', { name: 'Login' }));
      expect(await hubEvents()).toEqual(['disconnected']);
      expect(openSockets(), "the customer's connection is closed").toHaveLength(0);
      const request = await gateOf().arrived(2);
      expect(await request.headerValue('authorization'), 'the new connection carries no token').toBeNull();
    },
    liveAsVisitor: async () => {
      await expect.poll(() => joinedSockets().length).toBe(1);
      await visible(page().getByRole('link', { name: 'Cart, empty' }));
      const frames = cartFrames;
      await api().call('PUT', `Cart/1/${shop.product.productId}/${shop.product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);
      await page().waitForTimeout(PUSH_WITHIN_MS);
      expect(cartFrames, "no push of the former customer's cart").toBe(frames);
      await visible(page().getByRole('link', { name: 'Cart, empty' }));
    },
  };

  const events = {
    'xstate.init': async () => {
      await api().setCart(shop.product, 0);
      phone = await openPathPage(shop.world, shop.session, { clock: true });
      await phone.context.addInitScript(() => {
        window.hubEvents = [];
        for (const name of ['reconnecting', 'reconnected', 'disconnected']) window.addEventListener(name, () => window.hubEvents?.push(name));
      });
      page().on('websocket', (ws) => {
        if (!ws.url().includes('/catalogueHub')) return;
        sockets.push(ws);
        ws.on('framereceived', (frame) => {
          if (typeof frame.payload !== 'string') return;
          if (frame.payload.includes('"CartDetails"')) cartFrames += 1;
          if (frame.payload.includes('"type":3')) joined.add(ws);
        });
      });
      negotiate = await RequestGate.on(page(), 'POST', /\/catalogueHub\/negotiate/);
      await page().goto('/');
    },
    HUB_ANSWERS: () => gateOf().release(),
    HUB_UNREACHABLE: () => gateOf().fail('abort'),
    SERVER_STOPS: async () => {
      await shop.world.server.stop();
    },
    SERVER_RETURNS: async () => {
      const before = gateOf().count;
      gateOf().setMode('hold');
      const { port, dataDir } = shop.world.server;
      shop.world.server = await startShopServer({ port, dataDir });
      // The next attempt is due within the longest wait; jump there unless one is already under way.
      if (gateOf().holding === 0) await page().clock.fastForward(LONGEST_WAIT_MS);
      await gateOf().arrived(before + 1);
    },
    LOG_OUT: async () => {
      gateOf().setMode('hold');
      await page().getByRole('link', { name: 'My account' }).click();
      const signedOut = page().waitForResponse((response) => response.url().includes('/api/Auth/logout'));
      await page().getByRole('button', { name: 'Log out' }).click();
      expect((await signedOut).status()).toBe(200);
      // Signing out ended every token of the customer; their other device logs in again.
      shop.session = await loginAgain(shop.world.server.url, shop.world.server.dataDir, shop.session);
    },
  };

  return {
    states,
    events,
    async close() {
      await negotiate?.close();
      await closePathPage(phone);
    },
  };
}
