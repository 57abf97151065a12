import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schema of the address form's location search (GET Geocode/search, PascalCase). The server
 * documents its answer with it; the browser imports the `Static` type only.
 */

/** A place found by the location search, with the address parts the provider knew ('' where it did not). */
export const PlaceSchema = Type.Object({
  DisplayName: Type.String(),
  Latitude: Type.Number(),
  Longitude: Type.Number(),
  Street: Type.String(),
  City: Type.String(),
  State: Type.String({ description: 'One of the 28 states of the address form, else empty' }),
  Pincode: Type.String(),
});

export type Place = Static<typeof PlaceSchema>;
