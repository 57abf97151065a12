/**
 * Carries out the events of the address-book path model in Chromium and checks, in each model
 * state, what the customer sees and what the server then holds. Every path starts from the same
 * two saved addresses: Asha Menon (the default) and Ravi Kumar.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { ADDRESS_BOOK_MESSAGES } from '../../machines/address-book.rules';
import { closePathPage, gone, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi } from './shop-fixtures.js';

export interface AddressShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
}

interface SavedAddress {
  AddressId: number;
  Name: string;
  IsDefault: boolean;
}

/** What the HTTP client says when a call got no answer. */
export const UNREACHABLE = 'We could not reach the shop. Check your connection and try again.';
const LIST = /\/api\/Address\/customer/;

export async function prepareAddressShop(world: World, session: LoginSession): Promise<AddressShop> {
  return { world, session, api: new ShopApi(world.server.url, session) };
}

export function addressBookDriver(shop: AddressShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'list' | 'save' | 'update' | 'delete' | 'search'>(page);
  const the = (name: Parameters<typeof gates.the>[0]) => gates.the(name);

  const saved = () => api.call<SavedAddress[]>('GET', 'Address/customer');
  const names = async () => (await saved()).map((a) => a.Name).sort();
  const defaultName = async () => (await saved()).find((a) => a.IsDefault)?.Name;
  const card = (name: string) => page().getByRole('article', { name: `Address of ${name}`, exact: true });
  const cards = () => page().getByTestId('address-card');
  const saveButton = () => page().getByRole('button', { name: 'Save address' });
  const field = (label: string) => page().getByLabel(label, { exact: true });

  const expectList = async (shown: string[], defaultOne: string) => {
    for (const name of shown) await visible(card(name));
    await expect.poll(() => cards().count()).toBe(shown.length);
    await visible(card(defaultOne).getByText('Default', { exact: true }));
    expect(await page().getByText('Default', { exact: true }).count(), 'one default badge').toBe(1);
    expect(await names()).toEqual([...shown].sort());
    expect(await defaultName()).toBe(defaultOne);
  };
  const expectButtonsDisabled = async () => {
    await expect.poll(() => card('Asha Menon').getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await page().getByRole('button', { name: 'Add address' }).count()).toBe(1);
  };
  const fillNewAddress = async () => {
    await field('Full name').fill('Meera Nair');
    await field('Mobile number').fill('98950 11223');
    await field('House / flat / building').fill('Flat 7B, Bay Towers');
    await field('Street / area').fill('Marine Drive');
    await field('City / town').fill('Kochi');
    await page().getByLabel('State').selectOption('Kerala');
    await field('PIN code').fill('682031');
  };

  const states = {
    loading: async () => {
      await visible(page().getByRole('heading', { name: 'My addresses' }));
      await visible(page().getByText('Loading your addresses…'));
      expect(the('list').holding).toBe(1);
    },
    loadFailed: async () => {
      const error = page()
        .getByRole('alert')
        .filter({ has: page().getByRole('heading', { name: 'We could not load your addresses' }) });
      await visible(error, 15_000);
      await visible(error.getByText(UNREACHABLE));
      await visible(error.getByRole('button', { name: 'Try again' }));
    },
    list: () => expectList(['Asha Menon', 'Ravi Kumar'], 'Asha Menon'),
    listAfterRetry: () => expectList(['Asha Menon', 'Ravi Kumar'], 'Asha Menon'),
    adding: async () => {
      await visible(page().getByRole('heading', { name: 'Add address' }));
      expect(await field('Full name').inputValue()).toBe('');
      await visible(page().getByLabel('Search location'));
      expect(await cards().count()).toBe(0);
    },
    formErrors: async () => {
      await visible(page().getByText('Enter the name of the person receiving the order.'));
      await visible(page().getByText('Enter a valid 10-digit Indian mobile number starting with 6, 7, 8 or 9.'));
      await visible(page().getByText('Enter a valid 6-digit PIN code (it cannot start with 0).'));
      expect(await names(), 'nothing was sent').toEqual(['Asha Menon', 'Ravi Kumar']);
    },
    searching: async () => {
      expect(the('search').holding).toBe(1);
      expect(new URL(the('search').seen[0]?.request.url() ?? '').searchParams.get('q')).toBe('Marine Drive Kochi');
      await visible(page().getByRole('heading', { name: 'Add address' }));
    },
    searchUnavailable: async () => {
      await visible(page().getByText(ADDRESS_BOOK_MESSAGES.searchFailed), 15_000);
      expect(await field('Full name').isEditable()).toBe(true);
      expect(await saveButton().isEnabled()).toBe(true);
    },
    saving: async () => {
      await expect
        .poll(() =>
          page()
            .getByRole('button', { name: /Saving/ })
            .isDisabled(),
        )
        .toBe(true);
      expect(await names()).toEqual(['Asha Menon', 'Ravi Kumar']);
    },
    savingAgain: async () => {
      await expect
        .poll(() =>
          page()
            .getByRole('button', { name: /Saving/ })
            .isDisabled(),
        )
        .toBe(true);
      expect(the('save').count).toBe(2);
      expect(await names()).toEqual(['Asha Menon', 'Ravi Kumar']);
    },
    saved: async () => {
      await visible(toast(page(), ADDRESS_BOOK_MESSAGES.saved));
      await visible(card('Meera Nair'));
      await expectList(['Asha Menon', 'Meera Nair', 'Ravi Kumar'], 'Asha Menon');
    },
    saveFailed: async () => {
      await visible(page().getByRole('alert').filter({ hasText: UNREACHABLE }));
      expect(await field('Full name').inputValue(), 'the form keeps what was typed').toBe('Meera Nair');
      await expect.poll(() => saveButton().isEnabled()).toBe(true);
      expect(await names()).toEqual(['Asha Menon', 'Ravi Kumar']);
    },
    editing: async () => {
      await visible(page().getByRole('heading', { name: 'Edit address' }));
      expect(await field('Full name').inputValue()).toBe('Ravi Kumar');
      expect(await field('PIN code').inputValue()).toBe('682031');
    },
    edited: async () => {
      await visible(toast(page(), ADDRESS_BOOK_MESSAGES.saved));
      await expectList(['Asha Menon', 'Ravi K'], 'Asha Menon');
    },
    makingDefault: async () => {
      await expectButtonsDisabled();
      expect(await defaultName()).toBe('Asha Menon');
    },
    makingDefaultAgain: async () => {
      await expectButtonsDisabled();
      expect(the('update').count).toBe(2);
      expect(await defaultName()).toBe('Asha Menon');
    },
    defaultChanged: async () => {
      await visible(toast(page(), ADDRESS_BOOK_MESSAGES.defaultChanged));
      await visible(card('Ravi Kumar').getByText('Default', { exact: true }));
      await expectList(['Asha Menon', 'Ravi Kumar'], 'Ravi Kumar');
    },
    defaultFailed: async () => {
      await visible(toast(page(), UNREACHABLE));
      await expect.poll(() => card('Ravi Kumar').getByRole('button', { name: 'Make default' }).isEnabled()).toBe(true);
      await expectList(['Asha Menon', 'Ravi Kumar'], 'Asha Menon');
    },
    confirmingDelete: async () => {
      const dialog = card('Ravi Kumar').getByRole('alertdialog', { name: 'Delete this address?' });
      await visible(dialog.getByRole('button', { name: 'Keep' }));
      await visible(dialog.getByRole('button', { name: 'Yes, delete' }));
      expect(await card('Ravi Kumar').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    },
    confirmingAgain: async () => {
      await visible(card('Ravi Kumar').getByRole('alertdialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Yes, delete' }));
    },
    kept: async () => {
      await gone(page().getByRole('alertdialog'));
      await visible(card('Ravi Kumar').getByRole('button', { name: 'Delete' }));
      await expectList(['Asha Menon', 'Ravi Kumar'], 'Asha Menon');
    },
    deleting: async () => {
      await expectButtonsDisabled();
      expect(await names()).toEqual(['Asha Menon', 'Ravi Kumar']);
    },
    deletingAgain: async () => {
      await expectButtonsDisabled();
      expect(the('delete').count).toBe(2);
      expect(await names()).toEqual(['Asha Menon', 'Ravi Kumar']);
    },
    deleted: async () => {
      await visible(toast(page(), ADDRESS_BOOK_MESSAGES.deleted));
      await gone(card('Ravi Kumar'));
      await expectList(['Asha Menon'], 'Asha Menon');
    },
    deleteFailed: async () => {
      await visible(toast(page(), UNREACHABLE));
      await expectList(['Asha Menon', 'Ravi Kumar'], 'Asha Menon');
    },
  };

  const events = {
    'xstate.init': async () => {
      for (const address of await saved()) await api.call('DELETE', `Address/${address.AddressId}`);
      await api.addAddress();
      await api.call('POST', 'Address', {
        Name: 'Ravi Kumar',
        Phone: '9895011223',
        House: '12/455',
        Street: 'Marine Drive',
        City: 'Kochi',
        State: 'Kerala',
        Pincode: '682031',
        IsDefault: false,
      });
      phone = await openPathPage(shop.world, shop.session);
      await gates.open('list', 'GET', LIST);
      await page().goto('/user_account/manage_address/');
      await the('list').arrived();
    },
    LIST_ARRIVES: () => the('list').release(),
    // The client's own retries of the read fail too, as on a dead network.
    LIST_FAILS: () => the('list').fail('abort'),
    TRY_AGAIN: async () => {
      the('list').setMode('pass');
      // Once the network is back the error view may already have tried again by itself.
      const retry = page().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    ADD: () => page().getByRole('button', { name: 'Add address' }).click(),
    SAVE_EMPTY: () => saveButton().click(),
    FILL_AND_SAVE: async () => {
      await fillNewAddress();
      await gates.open('save', 'POST', /\/api\/Address$/);
      await saveButton().click();
      await the('save').arrived();
    },
    SAVE_ANSWERS: () => the('save').release(),
    SAVE_FAILS: () => the('save').fail('hold'),
    SAVE_AGAIN: async () => {
      await saveButton().click();
      await the('save').arrived(2);
    },
    FIND_PLACES: async () => {
      await gates.open('search', 'GET', /\/api\/Geocode\/search/);
      await page().getByLabel('Search location').fill('Marine Drive Kochi');
      await page().getByRole('button', { name: 'Find places' }).click();
      await the('search').arrived();
    },
    // The server's geocoder is down in this world: the server's own answer is a failure.
    SEARCH_FAILS: () => the('search').release(),
    EDIT: () => card('Ravi Kumar').getByRole('button', { name: 'Edit' }).click(),
    CHANGE_NAME_AND_SAVE: async () => {
      await field('Full name').fill('Ravi K');
      await saveButton().click();
    },
    MAKE_DEFAULT: async () => {
      await gates.open('update', 'PUT', /\/api\/Address\/\d+$/);
      await card('Ravi Kumar').getByRole('button', { name: 'Make default' }).click();
      await the('update').arrived();
    },
    DEFAULT_ANSWERS: () => the('update').release(),
    DEFAULT_FAILS: () => the('update').fail('hold'),
    MAKE_DEFAULT_AGAIN: async () => {
      await card('Ravi Kumar').getByRole('button', { name: 'Make default' }).click();
      await the('update').arrived(2);
    },
    DELETE: () => card('Ravi Kumar').getByRole('button', { name: 'Delete' }).click(),
    KEEP: () => card('Ravi Kumar').getByRole('button', { name: 'Keep' }).click(),
    CONFIRM_DELETE: async () => {
      await gates.open('delete', 'DELETE', /\/api\/Address\/\d+$/);
      await card('Ravi Kumar').getByRole('button', { name: 'Yes, delete' }).click();
      await the('delete').arrived();
    },
    DELETE_ANSWERS: () => the('delete').release(),
    DELETE_FAILS: () => the('delete').fail('hold'),
    DELETE_AND_CONFIRM_AGAIN: async () => {
      await card('Ravi Kumar').getByRole('button', { name: 'Delete' }).click();
      await card('Ravi Kumar').getByRole('button', { name: 'Yes, delete' }).click();
      await the('delete').arrived(2);
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
