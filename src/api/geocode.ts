import { getData, http } from '../lib/http';
import type { Place } from '../../contract/geocode.schemas';

/** GET Geocode/search?q= (the server asks the geocoding provider with q and format=json). */
export function searchPlaces(query: string): Promise<Place[]> {
  return getData(http.get('Geocode/search', { searchParams: { q: query } }));
}
