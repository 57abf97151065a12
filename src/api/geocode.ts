import { getData, http } from '../lib/http';

/** A place found by the location search, with the address parts the provider knew. */
export interface Place {
  DisplayName: string;
  Latitude: number;
  Longitude: number;
  Street: string;
  City: string;
  State: string;
  Pincode: string;
}

/** GET Geocode/search?q= (the server asks the geocoding provider with q and format=json). */
export function searchPlaces(query: string): Promise<Place[]> {
  return getData(http.get('Geocode/search', { searchParams: { q: query } }));
}
