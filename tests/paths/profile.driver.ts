/**
 * Carries out the events of the profile path model in Chromium and checks, in each model state,
 * what the customer sees and what the server holds. The customer has a name and an email; a
 * path that saves gives them a new name and email of its own.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PROFILE_MESSAGES } from '../../machines/profile.machine';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi } from './shop-fixtures.js';

interface StoredProfile {
  Name: string;
  Email: string;
  MobileNo: string;
}

export interface ProfileShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
}

export async function prepareProfileShop(world: World, session: LoginSession): Promise<ProfileShop> {
  const api = new ShopApi(world.server.url, session);
  await api.call('PUT', `Customer/${session.customerId}`, { name: 'Asha Menon', email: 'asha@example.in' });
  return { world, session, api };
}

let saves = 0;

export function profileDriver(shop: ProfileShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  let atStart: StoredProfile | null = null;
  const next = { name: '', email: '' };
  let infoAsksBeforeRetry = 0;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'info' | 'save'>(page);

  const stored = () => api.call<StoredProfile>('GET', `Customer/info/${shop.session.customerId}`);
  const nameField = () => page().getByLabel('Name', { exact: false }).and(page().locator('input[name="name"]'));
  const emailField = () => page().locator('input[name="email"]');
  const saveButton = () => page().getByRole('button', { name: /^(Save|Saving)/ });
  const shownName = () => page().getByTestId('profile-name');
  const expectDetails = async (p: { Name: string; Email: string }) => {
    await expect.poll(() => shownName().textContent()).toBe(p.Name);
    await visible(page().getByText(p.Email, { exact: true }));
    await visible(page().getByRole('button', { name: 'Edit profile' }));
  };

  const expectViewing = async () => {
    atStart = await stored();
    await expectDetails(atStart);
    const mobile = atStart.MobileNo;
    await expect.poll(() => page().getByTestId('profile-mobile').textContent()).toContain(mobile.slice(-5));
  };

  const states = {
    loading: async () => {
      await visible(page().getByText('Loading your profile…'));
      expect(gates.the('info').holding, 'the profile is on its way').toBe(1);
    },
    loadFailed: async () => {
      const alert = page().locator('main').getByRole('alert');
      await visible(alert.getByRole('heading', { name: 'We could not load your profile' }), 15_000);
      await visible(alert.getByRole('button', { name: 'Try again' }));
      expect(await page().getByRole('button', { name: 'Edit profile' }).count()).toBe(0);
    },
    reloaded: async () => {
      expect(gates.the('info').count, 'the profile was asked for again').toBeGreaterThan(infoAsksBeforeRetry);
      await expectViewing();
    },
    viewing: () => expectViewing(),
    editing: async () => {
      await expect.poll(() => nameField().inputValue()).toBe(atStart?.Name);
      expect(await emailField().inputValue()).toBe(atStart?.Email);
      await visible(page().getByRole('button', { name: 'Cancel' }));
    },
    cancelled: async () => {
      if (!atStart) throw new Error('No profile seen');
      await expectDetails(atStart);
      expect(await stored(), 'nothing saved').toEqual(atStart);
    },
    invalid: async () => {
      await visible(page().getByText(PROFILE_MESSAGES.email));
      expect(gates.the('save').count, 'nothing sent').toBe(0);
      expect(await stored()).toEqual(atStart);
    },
    saving: async () => {
      await expect.poll(() => saveButton().isDisabled()).toBe(true);
      expect(await page().getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
      expect(gates.the('save').holding).toBe(1);
      expect(await stored(), 'nothing saved yet').toEqual(atStart);
    },
    saveFailed: async () => {
      await visible(page().locator('form').getByRole('alert'), 15_000);
      expect(await nameField().inputValue()).toBe(next.name);
      expect(await stored(), 'nothing saved').toEqual(atStart);
    },
    saved: async () => {
      await visible(toast(page(), PROFILE_MESSAGES.saved));
      await expectDetails({ Name: next.name, Email: next.email });
      const held = await stored();
      expect([held.Name, held.Email], 'the server holds the new details').toEqual([next.name, next.email]);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      await gates.open('info', 'GET', /\/api\/Customer\/info\/\d+/);
      await gates.open('save', 'PUT', /\/api\/Customer\/\d+$/, 'pass');
      await page().goto('/user_account/user_profile/');
      await gates.the('info').arrived();
    },
    PROFILE_ARRIVES: () => gates.the('info').release(),
    PROFILE_FAILS: () => gates.the('info').fail('abort'),
    TRY_AGAIN: async () => {
      infoAsksBeforeRetry = gates.the('info').count;
      gates.the('info').setMode('pass');
      await page().getByRole('button', { name: 'Try again' }).click();
    },
    EDIT: () => page().getByRole('button', { name: 'Edit profile' }).click(),
    CANCEL: () => page().getByRole('button', { name: 'Cancel' }).click(),
    ENTER_A_BAD_EMAIL_AND_SAVE: async () => {
      await emailField().fill('asha@example');
      await saveButton().click();
    },
    CHANGE_NAME_AND_EMAIL_AND_SAVE: async () => {
      saves += 1;
      next.name = `Asha Menon ${'K'.repeat(saves)}`;
      next.email = `asha.${saves}@example.in`;
      gates.the('save').setMode('hold');
      await nameField().fill(next.name);
      await emailField().fill(next.email);
      await saveButton().click();
      await gates.the('save').arrived();
    },
    SAVE_FAILS: () => gates.the('save').fail('abort'),
    SAVE_AGAIN: async () => {
      gates.the('save').setMode('pass');
      await saveButton().click();
    },
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
