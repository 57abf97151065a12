import { assign, fromPromise, setup } from 'xstate';
import type { Address, AddressInput } from '../contract/address.schemas';
import type { Place } from '../contract/geocode.schemas';
import { validateAddress, type AddressErrors, type AddressField } from '../contract/address.rules';

export const ADDRESS_BOOK_MESSAGES = {
  saved: 'Address saved',
  deleted: 'Address deleted',
  defaultChanged: 'Default address changed',
  loadFailed: 'Your addresses could not be loaded.',
  /** Shown when the location search fails: the form stays usable by hand. */
  searchFailed: 'Location search is not available right now. Please enter the address by hand.',
  noPlaces: 'No places found. Try another search or enter the address by hand.',
} as const;

export const EMPTY_ADDRESS: AddressInput = { Name: '', Phone: '', House: '', Street: '', Landmark: '', City: '', State: '', Pincode: '', IsDefault: false };

export interface AddressBookContext {
  addresses: Address[];
  draft: AddressInput;
  editingId: number | null;
  errors: AddressErrors;
  formError: string | null;
  error: string | null;
  places: Place[];
  searchMessage: string | null;
  /** The address a make-default or delete is running for. */
  busyId: number | null;
  /** Open the add form once the list has loaded (the page's address search param). */
  startAdding: boolean;
  /** The address just saved: the list brings it into view and focus, in place of the closed form. */
  savedId: number | null;
}

export type AddressBookEvent =
  | { type: 'address.retry' }
  | { type: 'address.add' }
  | { type: 'address.edit'; id: number }
  | { type: 'address.change'; field: AddressField | 'IsDefault'; value: string | boolean }
  | { type: 'address.save' }
  | { type: 'address.cancel' }
  | { type: 'address.makeDefault'; id: number }
  | { type: 'address.delete'; id: number }
  | { type: 'address.deleteConfirm' }
  | { type: 'address.deleteDismiss' }
  | { type: 'address.locate'; query: string }
  | { type: 'address.pickPlace'; index: number };

export type NotifyParams = { kind: 'success' | 'error'; message: string };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

function draftOf(address: Address): AddressInput {
  return {
    Name: address.Name,
    Phone: address.Phone,
    House: address.House,
    Street: address.Street,
    Landmark: address.Landmark,
    City: address.City,
    State: address.State,
    Pincode: address.Pincode,
    IsDefault: address.IsDefault,
    Latitude: address.Latitude,
    Longitude: address.Longitude,
  };
}

/**
 * Manage addresses: list, add, edit, make default, delete (with a confirmation), and a
 * location search that fills the form. The form is checked with the same rules as the server
 * before anything is sent; a failed search leaves the form to be filled by hand.
 */
export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as { startAdding?: boolean },
  },
  actors: {
    fetchAddresses: fromPromise<Address[], void>(async () => {
      throw new Error('fetchAddresses is not provided');
    }),
    saveAddress: fromPromise<Address, { id: number | null; address: AddressInput }>(async () => {
      throw new Error('saveAddress is not provided');
    }),
    deleteAddress: fromPromise<Address[], { id: number }>(async () => {
      throw new Error('deleteAddress is not provided');
    }),
    searchPlaces: fromPromise<Place[], { query: string }>(async () => {
      throw new Error('searchPlaces is not provided');
    }),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
  },
  guards: {
    draftValid: ({ context }) => Object.keys(validateAddress(context.draft)).length === 0,
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({
    addresses: [],
    draft: EMPTY_ADDRESS,
    editingId: null,
    errors: {},
    formError: null,
    error: null,
    places: [],
    searchMessage: null,
    busyId: null,
    startAdding: input.startAdding === true,
    savedId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchAddresses',
        onDone: [
          {
            guard: ({ context }) => context.startAdding,
            target: 'form',
            actions: assign({ addresses: ({ event }) => event.output, error: null, startAdding: false, editingId: null, draft: ({ event }) => ({ ...EMPTY_ADDRESS, IsDefault: event.output.length === 0 }) }),
          },
          { target: 'list', actions: assign({ addresses: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, ADDRESS_BOOK_MESSAGES.loadFailed) }) },
      },
    },
    failed: { on: { 'address.retry': 'loading' } },
    list: {
      on: {
        'address.add': {
          target: 'form',
          actions: assign({ savedId: null, editingId: null, draft: ({ context }) => ({ ...EMPTY_ADDRESS, IsDefault: context.addresses.length === 0 }) }),
        },
        'address.edit': {
          target: 'form',
          actions: assign({
            savedId: null,
            editingId: ({ event }) => event.id,
            draft: ({ context, event }) => {
              const address = context.addresses.find((a) => a.AddressId === event.id);
              return address ? draftOf(address) : EMPTY_ADDRESS;
            },
          }),
        },
        'address.makeDefault': { target: 'makingDefault', actions: assign({ busyId: ({ event }) => event.id, savedId: null }) },
        'address.delete': { target: 'confirmingDelete', actions: assign({ busyId: ({ event }) => event.id, savedId: null }) },
      },
    },
    confirmingDelete: {
      on: { 'address.deleteConfirm': 'deleting', 'address.deleteDismiss': { target: 'list', actions: assign({ busyId: null }) } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteAddress',
        input: ({ context }) => ({ id: context.busyId ?? 0 }),
        onDone: { target: 'list', actions: [assign({ addresses: ({ event }) => event.output, busyId: null }), { type: 'notify', params: { kind: 'success', message: ADDRESS_BOOK_MESSAGES.deleted } }] },
        onError: { target: 'list', actions: [assign({ busyId: null }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: messageOf(event.error, 'The address could not be deleted.') }) }] },
      },
    },
    makingDefault: {
      tags: ['busy'],
      invoke: {
        src: 'saveAddress',
        input: ({ context }) => {
          const address = context.addresses.find((a) => a.AddressId === context.busyId);
          return { id: context.busyId, address: { ...(address ? draftOf(address) : EMPTY_ADDRESS), IsDefault: true } };
        },
        onDone: { target: 'loading', actions: [assign({ busyId: null }), { type: 'notify', params: { kind: 'success', message: ADDRESS_BOOK_MESSAGES.defaultChanged } }] },
        onError: { target: 'list', actions: [assign({ busyId: null }), { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: messageOf(event.error, 'The default could not be changed.') }) }] },
      },
    },
    form: {
      type: 'parallel',
      entry: assign({ errors: {}, formError: null, places: [], searchMessage: null }),
      on: {
        'address.cancel': { target: 'list', actions: assign({ editingId: null, draft: EMPTY_ADDRESS }) },
      },
      states: {
        edit: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'address.change': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
                    errors: ({ context, event }) => {
                      const { [event.field as AddressField]: _cleared, ...rest } = context.errors;
                      return rest;
                    },
                  }),
                },
                'address.save': [
                  { guard: 'draftValid', target: 'saving' },
                  { actions: assign({ errors: ({ context }) => validateAddress(context.draft) }) },
                ],
                'address.pickPlace': {
                  actions: assign({
                    draft: ({ context, event }) => {
                      const place = context.places[event.index];
                      if (!place) return context.draft;
                      return {
                        ...context.draft,
                        Street: place.Street || context.draft.Street,
                        City: place.City || context.draft.City,
                        State: place.State || context.draft.State,
                        Pincode: place.Pincode || context.draft.Pincode,
                        Latitude: place.Latitude,
                        Longitude: place.Longitude,
                      };
                    },
                    places: [],
                    errors: {},
                  }),
                },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                src: 'saveAddress',
                input: ({ context }) => ({ id: context.editingId, address: context.draft }),
                onDone: {
                  target: '#addressBook.loading',
                  actions: [
                    assign({ editingId: null, draft: EMPTY_ADDRESS, savedId: ({ event }) => event.output.AddressId }),
                    { type: 'notify', params: { kind: 'success', message: ADDRESS_BOOK_MESSAGES.saved } },
                  ],
                },
                onError: { target: 'editing', actions: assign({ formError: ({ event }) => messageOf(event.error, 'The address could not be saved.') }) },
              },
            },
          },
        },
        search: {
          initial: 'idle',
          states: {
            idle: {},
            searching: {
              tags: ['searching'],
              invoke: {
                src: 'searchPlaces',
                input: ({ event }) => ({ query: event.type === 'address.locate' ? event.query.trim() : '' }),
                onDone: {
                  target: 'idle',
                  actions: assign({ places: ({ event }) => event.output, searchMessage: ({ event }) => (event.output.length ? null : ADDRESS_BOOK_MESSAGES.noPlaces) }),
                },
                onError: { target: 'idle', actions: assign({ places: [], searchMessage: ADDRESS_BOOK_MESSAGES.searchFailed }) },
              },
            },
          },
          on: {
            'address.locate': { guard: ({ event }) => event.query.trim().length >= 3, target: '.searching', reenter: true, actions: assign({ searchMessage: null }) },
          },
        },
      },
    },
  },
});
