/** Shapes of the address book shared by its machine, the app root that provides it and the tests. */
import type { AddressErrors, AddressField } from '../contract/address.rules';
import type { Address, AddressInput } from '../contract/address.schemas';
import type { Place } from '../contract/geocode.schemas';

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

export interface AddressBookInput {
  startAdding?: boolean;
}

export type NotifyParams = { kind: 'success' | 'error'; message: string };
