import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { validateAddress, type AddressErrors } from '../contract/address.rules';
import type { Address, AddressInput } from '../contract/address.schemas';
import type { Place } from '../contract/geocode.schemas';
import {
  ADDRESS_BOOK_MESSAGES,
  draftFor,
  draftWithPlace,
  EMPTY_ADDRESS,
  initialContext,
  MIN_SEARCH_LENGTH,
  newDraft,
  withoutError,
} from './address-book.rules';
import type { AddressBookContext, AddressBookEvent, AddressBookInput, NotifyParams } from './address-book.types';
import { messageOf } from './failure-message.rules';
import { notProvided } from './not-provided';

/** The draft's errors by the server's own rules, for the guard that lets it be saved and the form that shows them. */
const draftErrors = ({ context }: { context: AddressBookContext }) => validateAddress(context.draft);
/** A failed call's toast, in the server's words when it gave some. */
const notifyFailure = (fallback: string) =>
  ({ type: 'notify', params: ({ event }: { event: { error: unknown } }) => ({ kind: 'error' as const, message: messageOf(event.error, fallback) }) }) as const;

/**
 * Manage addresses: list, add, edit, make default, delete (with a confirmation), and a
 * location search that fills the form. The form is checked with the same rules as the server
 * before anything is sent; a failed search leaves the form to be filled by hand.
 */
export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as AddressBookInput,
  },
  actors: {
    fetchAddresses: fromPromise<Address[], void>(async () => notProvided('fetchAddresses')),
    saveAddress: fromPromise<Address, { id: number | null; address: AddressInput }>(async () => notProvided('saveAddress')),
    deleteAddress: fromPromise<Address[], { id: number }>(async () => notProvided('deleteAddress')),
    searchPlaces: fromPromise<Place[], { query: string }>(async () => notProvided('searchPlaces')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    showErrors: assign((_, errors: AddressErrors) => ({ errors })),
  },
  guards: {
    startAdding: ({ context }) => context.startAdding,
    draftValid: (_, errors: AddressErrors) => Object.keys(errors).length === 0,
    searchable: (_, params: { query: string }) => params.query.trim().length >= MIN_SEARCH_LENGTH,
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => initialContext(input),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchAddresses',
        onDone: [
          {
            guard: 'startAdding',
            target: 'form',
            actions: assign(({ event }) => ({ addresses: event.output, error: null, startAdding: false, editingId: null, draft: newDraft(event.output) })),
          },
          { target: 'list', actions: assign({ addresses: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, ADDRESS_BOOK_MESSAGES.loadFailed) }) },
      },
    },
    failed: { on: { 'address.retry': 'loading' } },
    list: {
      on: {
        'address.add': { target: 'form', actions: assign(({ context }) => ({ savedId: null, editingId: null, draft: newDraft(context.addresses) })) },
        'address.edit': {
          target: 'form',
          actions: assign(({ context, event }) => ({ savedId: null, editingId: event.id, draft: draftFor(context.addresses, event.id) })),
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
        onDone: {
          target: 'list',
          actions: [
            assign({ addresses: ({ event }) => event.output, busyId: null }),
            { type: 'notify', params: { kind: 'success', message: ADDRESS_BOOK_MESSAGES.deleted } },
          ],
        },
        onError: { target: 'list', actions: [assign({ busyId: null }), notifyFailure(ADDRESS_BOOK_MESSAGES.deleteFailed)] },
      },
    },
    makingDefault: {
      tags: ['busy'],
      invoke: {
        src: 'saveAddress',
        input: ({ context }) => ({ id: context.busyId, address: { ...draftFor(context.addresses, context.busyId), IsDefault: true } }),
        onDone: {
          target: 'loading',
          actions: [assign({ busyId: null }), { type: 'notify', params: { kind: 'success', message: ADDRESS_BOOK_MESSAGES.defaultChanged } }],
        },
        onError: { target: 'list', actions: [assign({ busyId: null }), notifyFailure(ADDRESS_BOOK_MESSAGES.defaultFailed)] },
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
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft, [event.field]: event.value },
                    errors: withoutError(context.errors, event.field),
                  })),
                },
                'address.save': [
                  { guard: { type: 'draftValid', params: draftErrors }, target: 'saving' },
                  { actions: { type: 'showErrors', params: draftErrors } },
                ],
                'address.pickPlace': {
                  actions: assign(({ context, event }) => ({ draft: draftWithPlace(context.draft, context.places[event.index]), places: [], errors: {} })),
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
                onError: { target: 'editing', actions: assign({ formError: ({ event }) => messageOf(event.error, ADDRESS_BOOK_MESSAGES.saveFailed) }) },
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
                input: ({ event }) => {
                  assertEvent(event, 'address.locate');
                  return { query: event.query.trim() };
                },
                onDone: {
                  target: 'idle',
                  actions: assign({
                    places: ({ event }) => event.output,
                    searchMessage: ({ event }) => (event.output.length ? null : ADDRESS_BOOK_MESSAGES.noPlaces),
                  }),
                },
                onError: { target: 'idle', actions: assign({ places: [], searchMessage: ADDRESS_BOOK_MESSAGES.searchFailed }) },
              },
            },
          },
          on: {
            'address.locate': {
              guard: { type: 'searchable', params: ({ event }) => ({ query: event.query }) },
              target: '.searching',
              reenter: true,
              actions: assign({ searchMessage: null }),
            },
          },
        },
      },
    },
  },
});
