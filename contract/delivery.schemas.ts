import { Type, type Static } from '@sinclair/typebox';

/** Wire schemas of the PIN-code check and the earliest delivery (docs/api-catalogue.md). */

export const PinCheckSchema = Type.Object({
  PinCode: Type.String({ description: 'The PIN code asked about, six digits' }),
  Served: Type.Boolean({ description: 'A branch of the company delivers there' }),
  BranchId: Type.Union([Type.Integer(), Type.Null()], { description: 'The branch that delivers there; null when none does' }),
  BranchName: Type.Union([Type.String(), Type.Null()]),
  Message: Type.String({ description: "e.g. 'We deliver to 682001 from our Fort Kochi shop.' or 'We don't deliver to 695001 yet.'" }),
});

export const EarliestDeliverySchema = Type.Object({
  DeliveryId: Type.Integer({ description: 'The slot, as in GET DeliverySlot/web' }),
  SlotDate: Type.String({ description: 'Shop-local date, YYYY-MM-DD' }),
  StartTime: Type.String({ description: 'HH:MM, shop-local' }),
  EndTime: Type.String({ description: 'HH:MM, shop-local' }),
  Label: Type.String({ description: "India time, relative to the server's today: 'Today, 6–8 PM', 'Tomorrow, 7–9 AM', 'Sat 28 Nov, 7–9 AM'" }),
  Available: Type.Integer({ description: 'Orders the slot can still take' }),
});

export type PinCheck = Static<typeof PinCheckSchema>;
export type EarliestDelivery = Static<typeof EarliestDeliverySchema>;
