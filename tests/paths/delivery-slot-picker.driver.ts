/**
 * Carries out the events of the delivery-slot-picker path model in Chromium and checks, in each
 * model state, what the customer sees against the slots the server offers, and what the tab
 * keeps for checkout. The customer has a product in the cart.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dayLabel, isFull, windowLabel } from '../../machines/delivery-slot-picker.machine';
import type { DeliverySlot } from '../../contract/catalogue.schemas';
import { DELIVERY_SLOT_KEY } from '../../src/lib/local-cart';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi } from './shop-fixtures.js';

export interface SlotPickerShop {
  world: World;
  session: LoginSession;
  slots: DeliverySlot[];
  /** The shop's date (India), for Today and Tomorrow. */
  today: string;
}

export async function prepareSlotPickerShop(world: World, session: LoginSession): Promise<SlotPickerShop> {
  const api = new ShopApi(world.server.url, session);
  await api.setCart(await api.productPriced(250, 2000, 10), 2);
  const slots = await api.call<DeliverySlot[]>('GET', 'DeliverySlot/web/1?branchId=1&includeFull=true');
  const days = new Set(slots.filter((s) => !isFull(s)).map((s) => s.SlotDate));
  if (days.size < 2) throw new Error('The demo shop has open slots on fewer than two days');
  const today = new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
  return { world, session, slots, today };
}

export function slotPickerDriver(shop: SlotPickerShop) {
  let phone: PathPage | null = null;
  const open = shop.slots.filter((s) => !isFull(s));
  const first = open[0]!;
  const laterDay = open.find((s) => s.SlotDate !== first.SlotDate)!.SlotDate;
  const laterSlots = shop.slots.filter((s) => s.SlotDate === laterDay);
  const picked = laterSlots.filter((s) => !isFull(s)).at(-1)!;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'slots'>(page);
  const the = () => gates.the('slots');

  const section = () => page().getByRole('region', { name: 'Delivery slot' });
  const dayChoice = (date: string) =>
    section()
      .getByRole('radiogroup', { name: 'Delivery day' })
      .getByRole('radio', { name: dayLabel(date, shop.today) });
  const times = () => section().getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio');
  const timeChoice = (slot: DeliverySlot) =>
    section()
      .getByRole('radiogroup', { name: 'Delivery time' })
      .getByRole('radio', { name: windowLabel(slot.StartTime, slot.EndTime) });
  const kept = () => page().evaluate((key) => sessionStorage.getItem(key), DELIVERY_SLOT_KEY);
  const expectDay = async (date: string) => {
    await expect.poll(() => dayChoice(date).isChecked()).toBe(true);
    await expect.poll(() => times().count()).toBe(shop.slots.filter((s) => s.SlotDate === date).length);
  };
  const expectChosen = async () => {
    await expectDay(laterDay);
    await expect.poll(() => timeChoice(picked).isChecked()).toBe(true);
    await visible(section().getByTestId('chosen-slot').getByText(picked.Label, { exact: false }));
    expect(JSON.parse((await kept()) ?? 'null')?.state?.DeliveryId, 'kept for checkout').toBe(picked.DeliveryId);
  };

  const states = {
    waiting: async () => {
      await visible(section().getByRole('heading', { name: 'Delivery slot' }));
      expect(the().holding, 'the slots are on their way').toBe(1);
      expect(await times().count()).toBe(0);
    },
    choosing: async () => {
      await visible(section().getByText(`Earliest delivery: ${dayLabel(first.SlotDate, shop.today)}, ${windowLabel(first.StartTime, first.EndTime)}`));
      await expectDay(first.SlotDate);
      expect(await section().getByTestId('chosen-slot').count(), 'none chosen').toBe(0);
      expect(await kept()).toBeNull();
    },
    anotherDay: async () => {
      await expectDay(laterDay);
      for (const slot of laterSlots) await visible(timeChoice(slot));
    },
    chosen: expectChosen,
    keptAfterReload: expectChosen,
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      await gates.open('slots', 'GET', /\/api\/DeliverySlot\/web\/\d+/);
      await page().goto('/cart');
      await the().arrived();
    },
    SLOTS_ARRIVE: () => the().release(),
    PICK_ANOTHER_DAY: () => dayChoice(laterDay).click({ force: true }),
    PICK_A_TIME: () => timeChoice(picked).click({ force: true }),
    RELOAD: () => page().reload(),
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await closePathPage(phone);
    },
  };
}
