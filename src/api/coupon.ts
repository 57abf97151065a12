import { getData, http } from '../lib/http';
import type { Coupon } from '../../contract/order.schemas';

/** GET Coupon/customer/{companyId}: coupons the customer can still use. */
export function getCustomerCoupons(companyId: number): Promise<Coupon[]> {
  return getData(http.get(`Coupon/customer/${companyId}`));
}
