/**
 * The address book (spec section 8, My addresses) as a signed-in customer with two saved
 * addresses lives it: the list, the add and edit form with the server's own rules checked
 * first, the location search, making an address the default, deleting with a confirmation,
 * and each call failing on the way. Replayed in Chromium by tests/browser/paths-address-book.test.ts.
 */
import { setup } from 'xstate';
import { addressBookMachine } from '../../machines/address-book.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const addressBookPathModel = setup({}).createMachine({
  id: 'addressBookPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'My addresses, the saved addresses being fetched'),
      on: { LIST_ARRIVES: 'list', LIST_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('failed', 'We could not load your addresses, with Try again'),
      on: { TRY_AGAIN: 'listAfterRetry' },
    },
    listAfterRetry: at('list', 'Try again: both addresses listed', ['loading']),
    list: {
      ...at('list', 'two addresses, Asha Menon the default'),
      on: { ADD: 'adding', EDIT: 'editing', MAKE_DEFAULT: 'makingDefault', DELETE: 'confirmingDelete' },
    },
    adding: {
      ...at('form.edit.editing', 'the empty Add address form', ['form.search.idle']),
      on: { SAVE_EMPTY: 'formErrors', FIND_PLACES: 'searching' },
    },
    formErrors: {
      ...at('form.edit.editing', "each field's message, nothing sent"),
      on: { FILL_AND_SAVE: 'saving' },
    },
    searching: {
      ...at('form.search.searching', 'Find places pressed, the search under way'),
      on: { SEARCH_FAILS: 'searchUnavailable' },
    },
    searchUnavailable: at('form.search.idle', 'location search is not available: enter the address by hand'),
    saving: {
      ...at('form.edit.saving', 'Save address pressed: Saving'),
      on: { SAVE_FAILS: 'saveFailed' },
    },
    saveFailed: {
      ...at('form.edit.editing', 'why the address was not saved, the form kept'),
      on: { SAVE_AGAIN: 'savingAgain' },
    },
    savingAgain: {
      ...at('form.edit.saving', 'Save address pressed again: Saving'),
      on: { SAVE_ANSWERS: 'saved' },
    },
    saved: at('list', 'Address saved, the new address in the list', ['loading']),
    editing: {
      ...at('form.edit.editing', "the Edit address form with the address's fields"),
      on: { CHANGE_NAME_AND_SAVE: 'edited' },
    },
    edited: at('list', 'Address saved, the new name on the card', ['form.edit.saving', 'loading']),
    makingDefault: {
      ...at('makingDefault', 'Make default pressed, the buttons disabled'),
      on: { DEFAULT_FAILS: 'defaultFailed' },
    },
    defaultFailed: {
      ...at('list', 'why the default was not changed, the badge where it was'),
      on: { MAKE_DEFAULT_AGAIN: 'makingDefaultAgain' },
    },
    makingDefaultAgain: {
      ...at('makingDefault', 'Make default pressed again, the buttons disabled'),
      on: { DEFAULT_ANSWERS: 'defaultChanged' },
    },
    defaultChanged: at('list', 'Default address changed, the badge moved', ['loading']),
    confirmingDelete: {
      ...at('confirmingDelete', 'Delete this address? with Keep and Yes, delete'),
      on: { KEEP: 'kept' },
    },
    kept: {
      ...at('list', 'the address kept'),
      on: { DELETE: 'confirmingAgain' },
    },
    confirmingAgain: {
      ...at('confirmingDelete', 'Delete this address? asked again'),
      on: { CONFIRM_DELETE: 'deleting' },
    },
    deleting: {
      ...at('deleting', 'Yes, delete pressed, the buttons disabled'),
      on: { DELETE_FAILS: 'deleteFailed' },
    },
    deleteFailed: {
      ...at('list', 'why the address was not deleted, both still listed'),
      on: { DELETE_AND_CONFIRM_AGAIN: 'deletingAgain' },
    },
    deletingAgain: {
      ...at('deleting', 'Yes, delete pressed again, the buttons disabled'),
      on: { DELETE_ANSWERS: 'deleted' },
    },
    deleted: at('list', 'Address deleted, one address left'),
  },
});

export const addressBookPaths: PathModel = {
  name: 'address-book',
  machine: addressBookMachine,
  model: addressBookPathModel,
  transient: {},
  testFile: 'tests/browser/paths-address-book.test.ts',
};
