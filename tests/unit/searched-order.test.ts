import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchedOrder } from '../../server/repositories/catalogue-repository.js';

/** The plain reading of a searched list: walk the listing, names holding every word first. */
function walked(ids: Int32Array, matched: Map<number, boolean>): number[] {
  const byName = [...ids].filter((id) => matched.get(id) === true);
  const byText = [...ids].filter((id) => matched.get(id) === false);
  return byName.concat(byText);
}

const listingAndMatches = fc
  .integer({ min: 0, max: 3000 })
  .chain((length) => fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { minLength: length, maxLength: length }))
  .chain((ids) =>
    fc.record({
      ids: fc.constant(Int32Array.from(ids)),
      // Some of the listing's products, and products of other branches the listing does not hold.
      inListing: fc.oneof(fc.subarray(ids, { maxLength: Math.floor(ids.length / 40) }), fc.subarray(ids, { maxLength: Math.min(400, ids.length) })),
      elsewhere: fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 20 }),
      byName: fc.func(fc.boolean()),
    }),
  );

describe('a searched list cut from a branch’s listing', () => {
  it('holds the listed matches, names holding every word first, each part in list order, however few or many match', () => {
    let looked = 0;
    let walkedAll = 0;
    fc.assert(
      fc.property(listingAndMatches, ({ ids, inListing, elsewhere, byName }) => {
        const matched = new Map<number, boolean>();
        for (const id of [...inListing, ...elsewhere]) matched.set(id, byName(id));
        if (matched.size * 16 < ids.length) looked += 1;
        else walkedAll += 1;
        expect([...searchedOrder(ids, matched)]).toEqual(walked(ids, matched));
        // Asked again, the kept places of the same listing give the same answer.
        expect([...searchedOrder(ids, matched)]).toEqual(walked(ids, matched));
      }),
      { numRuns: 300 },
    );
    // Both ways of cutting the list were compared.
    expect(looked).toBeGreaterThan(20);
    expect(walkedAll).toBeGreaterThan(20);
  });

  it('places the highest ids and a listing’s first and last products', () => {
    const ids = Int32Array.from({ length: 1000 }, (_, i) => 2 ** 31 - 1 - i * 7);
    const first = ids[0]!;
    const last = ids[999]!;
    const matched = new Map([
      [last, true],
      [first, false],
      [ids[500]!, true],
      [123, true],
    ]);
    expect([...searchedOrder(ids, matched)]).toEqual([ids[500], last, first]);
  });
});
