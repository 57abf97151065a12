import type { AddressInput } from './address.rules.js';

/** A saved shipping address as the API answers it. */
export interface Address extends Required<Omit<AddressInput, 'IsDefault' | 'Latitude' | 'Longitude'>> {
  AddressId: number;
  IsDefault: boolean;
  Latitude: number | null;
  Longitude: number | null;
}
