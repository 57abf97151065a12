import type { AddressErrors, AddressField } from '../contract/address.rules';
import type { Address, AddressInput } from '../contract/address.schemas';
import type { Place } from '../contract/geocode.schemas';
import type { AddressBookContext, AddressBookInput } from './address-book.types';

export const ADDRESS_BOOK_MESSAGES = {
  saved: 'Address saved',
  deleted: 'Address deleted',
  defaultChanged: 'Default address changed',
  loadFailed: 'Your addresses could not be loaded.',
  /** Shown when the location search fails: the form stays usable by hand. */
  searchFailed: 'Location search is not available right now. Please enter the address by hand.',
  noPlaces: 'No places found. Try another search or enter the address by hand.',
  deleteFailed: 'The address could not be deleted.',
  defaultFailed: 'The default could not be changed.',
  saveFailed: 'The address could not be saved.',
} as const;

/** Shorter searches are not sent to the geocoder. */
export const MIN_SEARCH_LENGTH = 3;

export const EMPTY_ADDRESS: AddressInput = { Name: '', Phone: '', House: '', Street: '', Landmark: '', City: '', State: '', Pincode: '', IsDefault: false };

export function initialContext(input: AddressBookInput): AddressBookContext {
  return {
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
  };
}

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

/** A new address; the first one a customer saves is their default. */
export function newDraft(addresses: readonly Address[]): AddressInput {
  return { ...EMPTY_ADDRESS, IsDefault: addresses.length === 0 };
}

/** The form filled with a saved address (empty if it has gone meanwhile). */
export function draftFor(addresses: readonly Address[], id: number | null): AddressInput {
  const address = addresses.find((a) => a.AddressId === id);
  return address ? draftOf(address) : EMPTY_ADDRESS;
}

/** The field's error goes as soon as the customer changes it. */
export function withoutError(errors: AddressErrors, field: AddressField | 'IsDefault'): AddressErrors {
  const { [field as AddressField]: _cleared, ...rest } = errors;
  return rest;
}

/** A picked place fills what it knows; what it leaves blank keeps what was typed. */
export function draftWithPlace(draft: AddressInput, place: Place | undefined): AddressInput {
  if (!place) return draft;
  return {
    ...draft,
    Street: place.Street || draft.Street,
    City: place.City || draft.City,
    State: place.State || draft.State,
    Pincode: place.Pincode || draft.Pincode,
    Latitude: place.Latitude,
    Longitude: place.Longitude,
  };
}
