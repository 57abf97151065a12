import { getData, http } from '../lib/http';
import type { CustomerInfo, ProfileChange } from '../../contract/customer.schemas';

export function getCustomerInfo(customerId: number): Promise<CustomerInfo> {
  return getData(http.get(`Customer/info/${customerId}`));
}

/** PUT Customer/{customerId}: saves name and email, answers the updated profile. */
export function updateCustomer(customerId: number, change: ProfileChange): Promise<CustomerInfo> {
  return getData(http.put(`Customer/${customerId}`, { json: change }));
}
