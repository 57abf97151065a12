import { getData, http } from '../lib/http';
import type { AddressInput } from '../../contract/address.rules';

/** A saved shipping address as the API answers it. */
export interface Address extends Required<Omit<AddressInput, 'IsDefault' | 'Latitude' | 'Longitude'>> {
  AddressId: number;
  IsDefault: boolean;
  Latitude: number | null;
  Longitude: number | null;
}

/** GET Address/customer */
export function getAddresses(): Promise<Address[]> {
  return getData(http.get('Address/customer'));
}

/** POST Address */
export function createAddress(address: AddressInput): Promise<Address> {
  return getData(http.post('Address', { json: address }));
}

/** PUT Address/{id} */
export function updateAddress(addressId: number, address: AddressInput): Promise<Address> {
  return getData(http.put(`Address/${addressId}`, { json: address }));
}

/** DELETE Address/{id}: the remaining addresses (another may have become the default). */
export function deleteAddress(addressId: number): Promise<Address[]> {
  return getData(http.delete(`Address/${addressId}`));
}
