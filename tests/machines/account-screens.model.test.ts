/**
 * Model-based tests of the account machines: profile, my orders and the address book.
 * Every shortest path of each model is replayed on the real machine (model-harness.ts).
 */
import { expect, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { addressBookMachine } from '../../machines/address-book.machine';
import { ADDRESS_BOOK_MESSAGES } from '../../machines/address-book.rules';
import { ALL_ORDERS, ORDER_LIST_MESSAGES, ORDER_PAGE_SIZE, orderListMachine } from '../../machines/order-list.machine';
import { PROFILE_MESSAGES, profileMachine, type Profile } from '../../machines/profile.machine';
import type { Address } from '../../contract/address.schemas';
import type { OrderListItem } from '../../contract/order-history.schemas';
import type { AddressField } from '../../contract/address.rules';
import { Deferred, describeModel, httpError } from './model-harness';

const at = (real: string, description: string) => ({ meta: { real, description } });

const ASHA: Profile = { CustomerId: 7, Name: 'Asha Menon', MobileNo: '9847012345', Email: '' };

describeModel('profile machine, every shortest path (load, edit with validation, save)', {
  machine: profileMachine,
  model: setup({}).createMachine({
    id: 'profileModel',
    initial: 'idle',
    states: {
      idle: { ...at('idle', 'before the page opens'), on: { OPEN_PROFILE: 'loading' } },
      loading: {
        ...at('loading', 'the profile loading'),
        on: { PROFILE_ARRIVES: 'viewing', NAMELESS_PROFILE_ARRIVES: 'askedForName', LOAD_FAILS: 'loadFailed' },
      },
      loadFailed: at('loadFailed', 'Could not load your profile'),
      viewing: { ...at('viewing', 'name, mobile and email'), on: { EDIT: 'editing' } },
      askedForName: { ...at('editing', 'a new customer asked for a name at once'), on: { CANCEL: 'askedForName' } },
      editing: { ...at('editing', 'the form'), on: { SAVE_BAD_NAME: 'badName', SAVE_NEW_NAME: 'saving', CANCEL: 'viewing' } },
      badName: at('editing', 'the name rule shown, nothing sent'),
      saving: { ...at('saving', 'the profile being saved'), on: { SAVE_OK: 'saved', SAVE_REFUSED: 'saveRefused' } },
      saved: at('viewing', 'Your profile is saved, the session name updated'),
      saveRefused: at('editing', "the server's reason, the form kept"),
    },
  }),
  transient: { loaded: 'an eventless choice between the form (no name yet) and the view' },
  start() {
    const deferred = new Deferred();
    const notifySuccess = vi.fn();
    const nameChanged = vi.fn();
    const actor = createActor(
      profileMachine.provide({
        actors: deferred.actors('loadProfile', 'saveProfile'),
        actions: { notifySuccess: (_, { message }) => notifySuccess(message), nameChanged: (_, { name }) => nameChanged(name) },
      }),
    ).start();
    return { actor, deferred, notifySuccess, nameChanged };
  },
  events: ({ actor, deferred }) => ({
    OPEN_PROFILE: () => actor.send({ type: 'profile.load', customerId: 7 }),
    PROFILE_ARRIVES: () => deferred.settle('loadProfile', { output: ASHA }),
    NAMELESS_PROFILE_ARRIVES: () => deferred.settle('loadProfile', { output: { ...ASHA, Name: '' } }),
    LOAD_FAILS: () => deferred.settle('loadProfile', { error: new Error('') }),
    EDIT: () => actor.send({ type: 'profile.edit' }),
    CANCEL: () => actor.send({ type: 'profile.cancel' }),
    SAVE_BAD_NAME: () => {
      actor.send({ type: 'profile.changeName', value: '4' });
      actor.send({ type: 'profile.save' });
    },
    SAVE_NEW_NAME: () => {
      actor.send({ type: 'profile.changeName', value: '  Asha M. Menon ' });
      actor.send({ type: 'profile.changeEmail', value: 'asha@example.in' });
      actor.send({ type: 'profile.save' });
    },
    SAVE_OK: () => deferred.settle('saveProfile', { output: { ...ASHA, Name: 'Asha M. Menon', Email: 'asha@example.in' } }),
    SAVE_REFUSED: () => deferred.settle('saveProfile', { error: httpError(400, 'This email is used by another customer.') }),
  }),
  states: ({ actor, deferred, notifySuccess, nameChanged }) => ({
    loading: () => expect(deferred.open('loadProfile').map((c) => c.input)).toEqual([{ customerId: 7 }]),
    loadFailed: () => expect(actor.getSnapshot().context.error).toBe(PROFILE_MESSAGES.loadFailed),
    viewing: () => expect(actor.getSnapshot().context.profile).toEqual(ASHA),
    askedForName: () => expect(actor.getSnapshot().context.draft).toEqual({ name: '', email: '' }),
    editing: () => expect(actor.getSnapshot().context.draft).toEqual({ name: 'Asha Menon', email: '' }),
    badName: () => {
      expect(actor.getSnapshot().context.error).toBe(PROFILE_MESSAGES.name);
      expect(deferred.calls.saveProfile).toHaveLength(0);
    },
    saving: () => expect(deferred.open('saveProfile').map((c) => c.input)).toEqual([{ customerId: 7, name: 'Asha M. Menon', email: 'asha@example.in' }]),
    saved: () => {
      expect(notifySuccess).toHaveBeenCalledWith(PROFILE_MESSAGES.saved);
      expect(nameChanged).toHaveBeenCalledWith('Asha M. Menon');
    },
    saveRefused: () => {
      expect(actor.getSnapshot().context.error).toBe('This email is used by another customer.');
      expect(nameChanged).not.toHaveBeenCalled();
    },
  }),
});

const order = (id: number): OrderListItem => ({
  OrderId: id,
  OrderNo: `SH${id}`,
  OrderStatus: 'Placed',
  StatusCode: 'PLACED',
  NetAmount: 100,
  ItemCount: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  PaymentMethod: 'ONLINE',
  PaymentStatus: 'CAPTURED',
  FirstItemName: 'Seer fish',
  FirstItemImage: '',
});
const orders = (from: number, count: number) => Array.from({ length: count }, (_, i) => order(from + i));
const TOTAL = ORDER_PAGE_SIZE + 2;

describeModel('order list machine, every shortest path (filters, custom range, load more, live status)', {
  machine: orderListMachine,
  model: setup({}).createMachine({
    id: 'orderListModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'all orders, page 1'), on: { ORDERS_ARRIVE: 'firstPage', LOAD_FAILS: 'failed' } },
      failed: { ...at('failed', 'Your orders could not be loaded'), on: { RETRY: 'loading', CONNECTION_REOPENS: 'loading' } },
      firstPage: {
        ...at('ready', '10 of 12 orders and Load more'),
        on: { LOAD_MORE: 'loadingMore', CHOOSE_CUSTOM_PERIOD: 'needsRange', ONLY_DELIVERED: 'filtered', STATUS_PUSHED: 'statusChanged' },
      },
      loadingMore: { ...at('loadingMore', 'page 2 loading'), on: { MORE_ARRIVE: 'allOrders', MORE_FAILS: 'moreFailed' } },
      allOrders: { ...at('ready', 'all 12 orders'), on: { CONNECTION_REOPENS: 'catchingUp' } },
      catchingUp: {
        ...at('catchingUp', 'both shown pages read again in one request, no spinner'),
        on: { CATCH_UP_ARRIVES: 'caughtUp', STATUS_PUSHED: 'pushedDuringCatchUp', CATCH_UP_FAILS: 'catchUpFailed' },
      },
      caughtUp: at('ready', 'the 12 orders as they are now: one delivered while away'),
      pushedDuringCatchUp: at('catchingUp', 'a status push during the read: shown, and the read asked again'),
      catchUpFailed: at('ready', 'all 12 orders kept when the read fails'),
      moreFailed: at('ready', 'the 10 shown kept, with the error'),
      needsRange: { ...at('needsRange', 'asked for both dates, nothing loaded'), on: { PICK_REVERSED_DATES: 'reversed', PICK_BOTH_DATES: 'rangeLoading' } },
      reversed: at('needsRange', 'The start date must be on or before the end date.'),
      rangeLoading: at('loading', 'the custom range sent'),
      filtered: at('loading', 'only delivered orders asked for'),
      statusChanged: at('ready', 'a live status change shown on its card'),
    },
  }),
  transient: { checkingFilter: 'an eventless check of the custom range, left at once' },
  start() {
    const deferred = new Deferred();
    const actor = createActor(orderListMachine.provide({ actors: deferred.actors('fetchOrders') }), { input: { customerId: 7 } }).start();
    return { actor, deferred };
  },
  events: ({ actor, deferred }) => ({
    ORDERS_ARRIVE: () => deferred.settle('fetchOrders', { output: { items: orders(1, ORDER_PAGE_SIZE), totalCount: TOTAL } }),
    LOAD_FAILS: () => deferred.settle('fetchOrders', { error: new Error('') }),
    RETRY: () => actor.send({ type: 'orders.retry' }),
    LOAD_MORE: () => actor.send({ type: 'orders.loadMore' }),
    // An order placed meanwhile shifts the pages by one: the overlap must not show twice.
    MORE_ARRIVE: () => deferred.settle('fetchOrders', { output: { items: orders(ORDER_PAGE_SIZE, 3), totalCount: TOTAL } }),
    MORE_FAILS: () => deferred.settle('fetchOrders', { error: new Error('Network error') }),
    CHOOSE_CUSTOM_PERIOD: () => actor.send({ type: 'orders.filter', filter: { filterType: 'custom' } }),
    PICK_REVERSED_DATES: () => actor.send({ type: 'orders.filter', filter: { startDate: '2026-02-10', endDate: '2026-02-01' } }),
    PICK_BOTH_DATES: () => actor.send({ type: 'orders.filter', filter: { startDate: '2026-02-01', endDate: '2026-02-10' } }),
    ONLY_DELIVERED: () => actor.send({ type: 'orders.filter', filter: { orderStatus: 'DELIVERED' } }),
    STATUS_PUSHED: () => actor.send({ type: 'orders.statusUpdate', update: { OrderId: 3, OrderStatus: 'Out for Delivery', StatusCode: 'OUT_FOR_DELIVERY' } }),
    CONNECTION_REOPENS: () => actor.send({ type: 'orders.catchUp' }),
    CATCH_UP_ARRIVES: () =>
      deferred.settle('fetchOrders', {
        output: { items: orders(1, TOTAL).map((o) => (o.OrderId === 3 ? { ...o, OrderStatus: 'Delivered', StatusCode: 'DELIVERED' } : o)), totalCount: TOTAL },
      }),
    CATCH_UP_FAILS: () => deferred.settle('fetchOrders', { error: new Error('Network error') }),
  }),
  states: ({ actor, deferred }) => ({
    loading: () =>
      expect(deferred.open('fetchOrders').map((c) => c.input)).toEqual([{ customerId: 7, filter: ALL_ORDERS, pageNumber: 1, pageSize: ORDER_PAGE_SIZE }]),
    failed: () => expect(actor.getSnapshot().context.error).toBe(ORDER_LIST_MESSAGES.loadFailed),
    firstPage: () => expect(actor.getSnapshot().context.orders).toHaveLength(ORDER_PAGE_SIZE),
    loadingMore: () => expect(deferred.open('fetchOrders').map((c) => (c.input as { pageNumber: number }).pageNumber)).toEqual([2]),
    allOrders: () => expect(actor.getSnapshot().context.orders.map((o) => o.OrderId)).toEqual(orders(1, TOTAL).map((o) => o.OrderId)),
    moreFailed: () => expect(actor.getSnapshot().context).toMatchObject({ error: 'Network error', pageNumber: 1 }),
    needsRange: () => {
      expect(actor.getSnapshot().context).toMatchObject({ orders: [], error: null });
      expect(deferred.calls.fetchOrders).toHaveLength(1);
    },
    reversed: () => expect(actor.getSnapshot().context.error).toBe(ORDER_LIST_MESSAGES.startAfterEnd),
    rangeLoading: () =>
      expect(deferred.open('fetchOrders')[0]?.input).toMatchObject({
        filter: { filterType: 'custom', startDate: '2026-02-01', endDate: '2026-02-10' },
        pageNumber: 1,
      }),
    filtered: () => expect(deferred.open('fetchOrders')[0]?.input).toMatchObject({ filter: { filterType: 'all', orderStatus: 'DELIVERED' } }),
    statusChanged: () => expect(actor.getSnapshot().context.orders.find((o) => o.OrderId === 3)?.StatusCode).toBe('OUT_FOR_DELIVERY'),
    catchingUp: () => {
      expect(deferred.open('fetchOrders').map((c) => c.input)).toEqual([{ customerId: 7, filter: ALL_ORDERS, pageNumber: 1, pageSize: 2 * ORDER_PAGE_SIZE }]);
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    },
    caughtUp: () => {
      expect(actor.getSnapshot().context.orders.map((o) => o.OrderId)).toEqual(orders(1, TOTAL).map((o) => o.OrderId));
      expect(actor.getSnapshot().context.orders.find((o) => o.OrderId === 3)?.StatusCode).toBe('DELIVERED');
    },
    pushedDuringCatchUp: () => {
      expect(actor.getSnapshot().context.orders.find((o) => o.OrderId === 3)?.StatusCode).toBe('OUT_FOR_DELIVERY');
      expect(deferred.open('fetchOrders'), 'the first read is left unanswered, a second one asked').toHaveLength(2);
    },
    catchUpFailed: () => expect(actor.getSnapshot().context.orders).toHaveLength(TOTAL),
  }),
});

const HOME: Address = {
  AddressId: 11,
  Name: 'Asha Menon',
  Phone: '9847012345',
  House: '4, Sea View Apartments',
  Street: 'Beach Road',
  Landmark: '',
  City: 'Kochi',
  State: 'Kerala',
  Pincode: '682001',
  IsDefault: true,
  Latitude: null,
  Longitude: null,
};
const OFFICE: Address = { ...HOME, AddressId: 12, House: 'Infopark Phase 1', Street: 'Kakkanad', IsDefault: false };
const NEW_ADDRESS: Partial<Record<AddressField, string>> = {
  Name: 'Ravi',
  Phone: '9995551234',
  House: '12B',
  Street: 'MG Road',
  City: 'Kochi',
  State: 'Kerala',
  Pincode: '682011',
};
const PLACE = {
  DisplayName: 'Marine Drive, Kochi',
  Latitude: 9.98,
  Longitude: 76.28,
  Street: 'Marine Drive',
  City: 'Kochi',
  State: 'Kerala',
  Pincode: '682031',
};

describeModel('address book machine, every shortest path (add, edit, search, default, delete)', {
  machine: addressBookMachine,
  model: setup({}).createMachine({
    id: 'addressBookModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'the addresses loading'), on: { ADDRESSES_ARRIVE: 'list', LOAD_FAILS: 'failed' } },
      failed: { ...at('failed', 'Your addresses could not be loaded'), on: { RETRY: 'loading' } },
      list: { ...at('list', 'two addresses'), on: { ADD: 'form', MAKE_OFFICE_DEFAULT: 'makingDefault', DELETE_OFFICE: 'confirmingDelete' } },
      form: { ...at('form.edit.editing', 'an empty form'), on: { SAVE_EMPTY: 'invalid', FILL_AND_SAVE: 'saving', LOCATE: 'searching', CANCEL: 'list' } },
      invalid: at('form.edit.editing', 'every missing field named, nothing sent'),
      saving: { ...at('form.edit.saving', 'the new address being saved'), on: { SAVE_OK: 'reloading', SAVE_REFUSED: 'saveRefused' } },
      saveRefused: at('form.edit.editing', "the server's reason over the form"),
      reloading: at('loading', 'Address saved, the list reloading'),
      searching: { ...at('form.search.searching', 'the location search running'), on: { PLACES_FOUND: 'placesShown', SEARCH_FAILS: 'searchFailed' } },
      placesShown: { ...at('form.search.idle', 'places to pick from'), on: { PICK_PLACE: 'placePicked' } },
      placePicked: at('form.edit.editing', 'street, city, state and pincode filled from the place'),
      searchFailed: at('form.search.idle', 'fill in by hand: the search is not available'),
      makingDefault: { ...at('makingDefault', 'the office becoming the default'), on: { DEFAULT_SAVED: 'reloadingAfterDefault' } },
      reloadingAfterDefault: at('loading', 'Default address changed, the list reloading'),
      confirmingDelete: { ...at('confirmingDelete', 'asked to confirm the delete'), on: { CONFIRM: 'deleting', DISMISS: 'list' } },
      deleting: { ...at('deleting', 'the office being deleted'), on: { DELETED: 'deleted', DELETE_FAILS: 'deleteFailed' } },
      deleted: at('list', 'Address deleted, one address left'),
      deleteFailed: at('list', 'the reason shown, both addresses kept'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const notify = vi.fn();
    const actor = createActor(
      addressBookMachine.provide({
        actors: deferred.actors('fetchAddresses', 'saveAddress', 'deleteAddress', 'searchPlaces'),
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: {} },
    ).start();
    return { actor, deferred, notify };
  },
  events: ({ actor, deferred }) => ({
    ADDRESSES_ARRIVE: () => deferred.settle('fetchAddresses', { output: [HOME, OFFICE] }),
    LOAD_FAILS: () => deferred.settle('fetchAddresses', { error: new Error('') }),
    RETRY: () => actor.send({ type: 'address.retry' }),
    ADD: () => actor.send({ type: 'address.add' }),
    CANCEL: () => actor.send({ type: 'address.cancel' }),
    SAVE_EMPTY: () => actor.send({ type: 'address.save' }),
    FILL_AND_SAVE: () => {
      for (const [field, value] of Object.entries(NEW_ADDRESS)) actor.send({ type: 'address.change', field: field as AddressField, value });
      actor.send({ type: 'address.save' });
    },
    SAVE_OK: () => deferred.settle('saveAddress', { output: { ...HOME, AddressId: 13 } }),
    SAVE_REFUSED: () => deferred.settle('saveAddress', { error: httpError(400, 'You can keep at most 10 addresses.') }),
    LOCATE: () => {
      actor.send({ type: 'address.locate', query: 'ma' });
      actor.send({ type: 'address.locate', query: ' marine drive ' });
    },
    PLACES_FOUND: () => deferred.settle('searchPlaces', { output: [PLACE] }),
    SEARCH_FAILS: () => deferred.settle('searchPlaces', { error: new Error('Service unavailable') }),
    PICK_PLACE: () => actor.send({ type: 'address.pickPlace', index: 0 }),
    MAKE_OFFICE_DEFAULT: () => actor.send({ type: 'address.makeDefault', id: 12 }),
    DEFAULT_SAVED: () => deferred.settle('saveAddress', { output: { ...OFFICE, IsDefault: true } }),
    DELETE_OFFICE: () => actor.send({ type: 'address.delete', id: 12 }),
    CONFIRM: () => actor.send({ type: 'address.deleteConfirm' }),
    DISMISS: () => actor.send({ type: 'address.deleteDismiss' }),
    DELETED: () => deferred.settle('deleteAddress', { output: [HOME] }),
    DELETE_FAILS: () => deferred.settle('deleteAddress', { error: httpError(409, 'This address is used by an order on its way.') }),
  }),
  states: ({ actor, deferred, notify }) => ({
    failed: () => expect(actor.getSnapshot().context.error).toBe(ADDRESS_BOOK_MESSAGES.loadFailed),
    list: () => expect(actor.getSnapshot().context.addresses).toEqual([HOME, OFFICE]),
    form: () => expect(actor.getSnapshot().context).toMatchObject({ editingId: null, draft: { Name: '', IsDefault: false }, errors: {} }),
    invalid: () => {
      expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['City', 'House', 'Name', 'Phone', 'Pincode', 'State', 'Street']);
      expect(deferred.calls.saveAddress).toHaveLength(0);
    },
    saving: () => expect(deferred.open('saveAddress')[0]?.input).toMatchObject({ id: null, address: NEW_ADDRESS }),
    saveRefused: () => expect(actor.getSnapshot().context.formError).toBe('You can keep at most 10 addresses.'),
    reloading: () => expect(notify).toHaveBeenCalledWith({ kind: 'success', message: ADDRESS_BOOK_MESSAGES.saved }),
    searching: () => expect(deferred.calls.searchPlaces?.map((c) => c.input)).toEqual([{ query: 'marine drive' }]),
    placesShown: () => expect(actor.getSnapshot().context.places).toEqual([PLACE]),
    placePicked: () => expect(actor.getSnapshot().context.draft).toMatchObject({ Street: 'Marine Drive', City: 'Kochi', Pincode: '682031', Latitude: 9.98 }),
    searchFailed: () => expect(actor.getSnapshot().context.searchMessage).toBe(ADDRESS_BOOK_MESSAGES.searchFailed),
    makingDefault: () => expect(deferred.open('saveAddress')[0]?.input).toMatchObject({ id: 12, address: { House: 'Infopark Phase 1', IsDefault: true } }),
    reloadingAfterDefault: () => expect(notify).toHaveBeenCalledWith({ kind: 'success', message: ADDRESS_BOOK_MESSAGES.defaultChanged }),
    confirmingDelete: () => expect(deferred.calls.deleteAddress).toHaveLength(0),
    deleting: () => expect(deferred.open('deleteAddress').map((c) => c.input)).toEqual([{ id: 12 }]),
    deleted: () => {
      expect(actor.getSnapshot().context.addresses).toEqual([HOME]);
      expect(notify).toHaveBeenCalledWith({ kind: 'success', message: ADDRESS_BOOK_MESSAGES.deleted });
    },
    deleteFailed: () => {
      expect(actor.getSnapshot().context.addresses).toEqual([HOME, OFFICE]);
      expect(notify).toHaveBeenCalledWith({ kind: 'error', message: 'This address is used by an order on its way.' });
    },
  }),
});
