import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addressBookMachine } from '../../machines/address-book.machine';
import { ADDRESS_BOOK_MESSAGES } from '../../machines/address-book.rules';
import type { NotifyParams } from '../../machines/address-book.types';
import type { Address, AddressInput } from '../../contract/address.schemas';
import type { Place } from '../../contract/geocode.schemas';
import { ADDRESS_MESSAGES } from '../../contract/address.rules';

const home: Address = {
  AddressId: 1,
  Name: 'Anjali',
  Phone: '9847012345',
  House: '12',
  Street: 'Beach Road',
  Landmark: '',
  City: 'Kochi',
  State: 'Kerala',
  Pincode: '682001',
  IsDefault: true,
  Latitude: null,
  Longitude: null,
};

function start(options: { places?: () => Promise<Place[]>; startAdding?: boolean } = {}) {
  let book: Address[] = [home];
  const saves: { id: number | null; address: AddressInput }[] = [];
  const notes: NotifyParams[] = [];
  const actor = createActor(
    addressBookMachine.provide({
      actors: {
        fetchAddresses: fromPromise(async () => book),
        saveAddress: fromPromise<Address, { id: number | null; address: AddressInput }>(async ({ input }) => {
          saves.push(input);
          const saved = { ...home, ...input.address, AddressId: input.id ?? book.length + 1, IsDefault: input.address.IsDefault === true } as Address;
          book = [...book.filter((a) => a.AddressId !== saved.AddressId).map((a) => (saved.IsDefault ? { ...a, IsDefault: false } : a)), saved];
          return saved;
        }),
        deleteAddress: fromPromise<Address[], { id: number }>(async ({ input }) => (book = book.filter((a) => a.AddressId !== input.id))),
        searchPlaces: fromPromise<Place[], { query: string }>(options.places ?? (async () => [])),
      },
      actions: { notify: (_, params) => notes.push(params) },
    }),
    { input: { startAdding: options.startAdding } },
  ).start();
  return { actor, saves, notes };
}

describe('address book machine', () => {
  it('checks the form with the shared rules before saving, then reloads the list', async () => {
    const { actor, saves, notes } = start();
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'address.add' });
    actor.send({ type: 'address.save' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      Name: ADDRESS_MESSAGES.nameRequired,
      Pincode: ADDRESS_MESSAGES.pincodeInvalid,
      State: ADDRESS_MESSAGES.stateInvalid,
    });
    expect(saves).toHaveLength(0);
    const fill: [keyof AddressInput & string, string][] = [
      ['Name', 'Office'],
      ['Phone', '9847012345'],
      ['House', 'Infopark'],
      ['Street', 'Kakkanad'],
      ['City', 'Kochi'],
      ['State', 'Kerala'],
      ['Pincode', '682042'],
    ];
    for (const [field, value] of fill) actor.send({ type: 'address.change', field: field as 'Name', value });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'address.save' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(saves[0]).toMatchObject({ id: null, address: { Name: 'Office', Pincode: '682042' } });
    expect(actor.getSnapshot().context.addresses).toHaveLength(2);
    expect(notes).toEqual([{ kind: 'success', message: ADDRESS_BOOK_MESSAGES.saved }]);
  });

  it('names the address just saved, for the list to bring into view, until the customer moves on', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('list'));
    expect(actor.getSnapshot().context.savedId).toBeNull();
    actor.send({ type: 'address.edit', id: 1 });
    actor.send({ type: 'address.save' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(actor.getSnapshot().context.savedId).toBe(1);
    actor.send({ type: 'address.add' });
    expect(actor.getSnapshot().context.savedId).toBeNull();
    actor.send({ type: 'address.cancel' });
    expect(actor.getSnapshot().context.savedId).toBeNull();
    actor.send({ type: 'address.edit', id: 1 });
    actor.send({ type: 'address.save' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(actor.getSnapshot().context.savedId).toBe(1);
    actor.send({ type: 'address.delete', id: 1 });
    expect(actor.getSnapshot().context.savedId).toBeNull();
  });

  it('edits, makes default and deletes after confirmation', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'address.edit', id: 1 });
    expect(actor.getSnapshot().context.draft).toMatchObject({ Name: 'Anjali', City: 'Kochi' });
    actor.send({ type: 'address.change', field: 'Name', value: 'Anjali M' });
    actor.send({ type: 'address.save' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(saves.at(-1)).toMatchObject({ id: 1, address: { Name: 'Anjali M' } });
    actor.send({ type: 'address.makeDefault', id: 1 });
    await waitFor(actor, (s) => s.matches('list'));
    expect(saves.at(-1)?.address.IsDefault).toBe(true);
    actor.send({ type: 'address.delete', id: 1 });
    actor.send({ type: 'address.deleteDismiss' });
    expect(actor.getSnapshot().context.addresses).toHaveLength(1);
    actor.send({ type: 'address.delete', id: 1 });
    actor.send({ type: 'address.deleteConfirm' });
    await waitFor(actor, (s) => s.matches('list') && s.context.addresses.length === 0);
  });

  it('fills the form from a found place, and falls back to typing when the search fails', async () => {
    const place: Place = {
      DisplayName: 'Beach Road, Kochi',
      Latitude: 9.9,
      Longitude: 76.2,
      Street: 'Beach Road',
      City: 'Kochi',
      State: 'Kerala',
      Pincode: '682001',
    };
    const ok = start({ places: async () => [place], startAdding: true });
    await waitFor(ok.actor, (s) => s.matches('form'));
    ok.actor.send({ type: 'address.locate', query: 'beach road' });
    await waitFor(ok.actor, (s) => s.context.places.length === 1);
    ok.actor.send({ type: 'address.pickPlace', index: 0 });
    expect(ok.actor.getSnapshot().context.draft).toMatchObject({ Street: 'Beach Road', State: 'Kerala', Pincode: '682001', Latitude: 9.9 });

    const down = start({ places: async () => Promise.reject(new Error('502')), startAdding: true });
    await waitFor(down.actor, (s) => s.matches('form'));
    down.actor.send({ type: 'address.locate', query: 'beach road' });
    await waitFor(down.actor, (s) => s.context.searchMessage !== null);
    expect(down.actor.getSnapshot().context.searchMessage).toBe(ADDRESS_BOOK_MESSAGES.searchFailed);
    expect(down.actor.getSnapshot().matches({ form: { edit: 'editing' } })).toBe(true);
  });
});
