import { getData, http } from '../lib/http';
import type { EarliestDelivery, PinCheck } from '../../contract/delivery.schemas';

/** GET Delivery/pincode/{pinCode}: whether the company delivers there, and from which branch (docs/api-catalogue.md). */
export function checkPinCode(companyId: number, pinCode: string): Promise<PinCheck> {
  return getData(http.get(`Delivery/pincode/${encodeURIComponent(pinCode)}`, { searchParams: { companyId } }));
}

/** GET DeliverySlot/earliest/{companyId}: the branch's earliest slot with room, labelled in India time; null when all are full. */
export function getEarliestDelivery(companyId: number, branchId: number): Promise<EarliestDelivery | null> {
  return getData(http.get(`DeliverySlot/earliest/${companyId}`, { searchParams: { branchId } }));
}
