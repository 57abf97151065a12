import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorSchema, errorResponses, ok } from '../lib/envelope.js';
import { HttpError } from '../lib/http-errors.js';
import { INDIAN_STATES } from '../../contract/address.rules.js';
import { PlaceSchema, type Place } from '../../contract/geocode.schemas.js';

/** A slow provider must not hold the form: after this the customer types the address instead. */
export const GEOCODER_TIMEOUT_MS = 5000;
const MAX_PLACES = 5;
export const GEOCODER_UNAVAILABLE = 'Location search is not available right now. Please enter the address by hand.';

interface ProviderPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Nominatim-style results to places; a state outside the 28 is left blank for the customer to choose. */
export function toPlaces(raw: unknown): Place[] {
  if (!Array.isArray(raw)) throw new Error('provider answered something other than a list');
  return (raw as ProviderPlace[])
    .map((item) => {
      const address = item.address ?? {};
      const state = str(address.state);
      const postcode = str(address.postcode).replace(/\s/g, '');
      return {
        DisplayName: str(item.display_name),
        Latitude: Number(item.lat),
        Longitude: Number(item.lon),
        Street: str(address.road) || str(address.suburb) || str(address.neighbourhood),
        City: str(address.city) || str(address.town) || str(address.village) || str(address.county),
        State: (INDIAN_STATES as readonly string[]).includes(state) ? state : '',
        Pincode: /^[1-9][0-9]{5}$/.test(postcode) ? postcode : '',
      };
    })
    .filter((p) => p.DisplayName && Number.isFinite(p.Latitude) && Number.isFinite(p.Longitude))
    .slice(0, MAX_PLACES);
}

/** GET /api/Geocode/search?q=: location search for the address form, through the configured provider. */
export const geocodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Geocode/search',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Address'],
        summary: 'Searches places by text through the configured geocoding provider (q, format=json)',
        security: [{ bearer: [] }],
        querystring: Type.Object({ q: Type.String({ minLength: 3, maxLength: 200 }) }),
        response: { 200: EnvelopeSchema(Type.Array(PlaceSchema)), 502: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const url = new URL(app.config.geocoderUrl);
      url.searchParams.set('q', request.query.q.trim());
      url.searchParams.set('format', 'json');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(MAX_PLACES));
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'Shoal storefront (address search)' },
          signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`provider answered ${response.status}`);
        return ok(toPlaces(await response.json()));
      } catch (error) {
        request.log.warn({ err: error }, 'geocoder failed');
        throw new HttpError(502, GEOCODER_UNAVAILABLE);
      }
    },
  );
};
