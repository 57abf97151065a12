/**
 * Rules for a saved shipping address, shared by the address form and the server so both
 * sides refuse the same input with the same words (docs/decisions/004-shared-address-rules.md).
 */

import type { AddressInput } from './address.schemas.js';
import { isIndianMobile, normalizeIndianMobile } from './mobile-number.rules.js';

/** The 28 states of spec section 5, in the order the form lists them. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

export const ADDRESS_LIMITS = {
  nameMax: 60,
  houseMax: 100,
  streetMax: 150,
  landmarkMax: 100,
  cityMax: 60,
  /** A customer keeps at most this many saved addresses. */
  perCustomer: 20,
} as const;

export type AddressField = 'Name' | 'Phone' | 'House' | 'Street' | 'Landmark' | 'City' | 'State' | 'Pincode';
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_MESSAGES = {
  nameRequired: 'Enter the name of the person receiving the order.',
  nameTooLong: `The name can be at most ${ADDRESS_LIMITS.nameMax} characters.`,
  phoneInvalid: 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
  houseRequired: 'Enter the house or flat number and building.',
  houseTooLong: `The house or flat can be at most ${ADDRESS_LIMITS.houseMax} characters.`,
  streetRequired: 'Enter the street or area.',
  streetTooLong: `The street or area can be at most ${ADDRESS_LIMITS.streetMax} characters.`,
  landmarkTooLong: `The landmark can be at most ${ADDRESS_LIMITS.landmarkMax} characters.`,
  cityRequired: 'Enter the city or town.',
  cityTooLong: `The city can be at most ${ADDRESS_LIMITS.cityMax} characters.`,
  stateInvalid: 'Choose one of the listed states.',
  pincodeInvalid: 'Enter a valid 6-digit PIN code (it cannot start with 0).',
} as const;

export function isPincode(raw: string): boolean {
  return /^[1-9][0-9]{5}$/.test(raw.trim());
}

export function isIndianState(raw: string): raw is IndianState {
  return (INDIAN_STATES as readonly string[]).includes(raw);
}

/** Every problem of the address, one message per field; an empty object means valid. */
export function validateAddress(input: AddressInput): AddressErrors {
  const errors: AddressErrors = {};
  const text = (value: string | undefined) => (value ?? '').trim();
  const name = text(input.Name);
  if (!name) errors.Name = ADDRESS_MESSAGES.nameRequired;
  else if (name.length > ADDRESS_LIMITS.nameMax) errors.Name = ADDRESS_MESSAGES.nameTooLong;
  if (!isIndianMobile(text(input.Phone))) errors.Phone = ADDRESS_MESSAGES.phoneInvalid;
  const house = text(input.House);
  if (!house) errors.House = ADDRESS_MESSAGES.houseRequired;
  else if (house.length > ADDRESS_LIMITS.houseMax) errors.House = ADDRESS_MESSAGES.houseTooLong;
  const street = text(input.Street);
  if (!street) errors.Street = ADDRESS_MESSAGES.streetRequired;
  else if (street.length > ADDRESS_LIMITS.streetMax) errors.Street = ADDRESS_MESSAGES.streetTooLong;
  if (text(input.Landmark).length > ADDRESS_LIMITS.landmarkMax) errors.Landmark = ADDRESS_MESSAGES.landmarkTooLong;
  const city = text(input.City);
  if (!city) errors.City = ADDRESS_MESSAGES.cityRequired;
  else if (city.length > ADDRESS_LIMITS.cityMax) errors.City = ADDRESS_MESSAGES.cityTooLong;
  if (!isIndianState(text(input.State))) errors.State = ADDRESS_MESSAGES.stateInvalid;
  if (!isPincode(text(input.Pincode))) errors.Pincode = ADDRESS_MESSAGES.pincodeInvalid;
  return errors;
}

/** The address as it is stored: trimmed, phone normalised. */
export function cleanAddress(input: AddressInput): AddressInput {
  return {
    Name: input.Name.trim(),
    Phone: normalizeIndianMobile(input.Phone) ?? input.Phone.trim(),
    House: input.House.trim(),
    Street: input.Street.trim(),
    Landmark: (input.Landmark ?? '').trim(),
    City: input.City.trim(),
    State: input.State.trim(),
    Pincode: input.Pincode.trim(),
    IsDefault: input.IsDefault,
    Latitude: input.Latitude ?? null,
    Longitude: input.Longitude ?? null,
  };
}
