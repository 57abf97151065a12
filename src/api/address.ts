import { getData, http } from '../lib/http';
import type { Address, AddressInput } from '../../contract/address.schemas';

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
