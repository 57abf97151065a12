import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { PRODUCTS } from '../../server/db/seed/catalogue-data.js';
import { editDistance, similarity, wordScore, MATCH_SCORE } from '../../server/repositories/search-repository.js';
import type { Product, SearchSuggestions } from '../../contract/catalogue.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const nameOf = (key: string): string => PRODUCTS.find((p) => p.key === key)?.name ?? key;

async function search(words: string, query = 'companyId=1&branchId=1'): Promise<{ names: string[]; total: number }> {
  const res = await t.app.inject({ url: `/api/products?${query}&pageSize=100&search=${encodeURIComponent(words)}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { Data: Product[]; TotalCount: number };
  return { names: body.Data.map((p) => p.name), total: body.TotalCount };
}

async function suggest(
  q: string,
  query = 'companyId=1&branchId=1',
): Promise<{ status: number; data: SearchSuggestions; headers: Record<string, unknown>; body: unknown }> {
  const res = await t.app.inject({ url: `/api/search/suggestions?${query}&q=${encodeURIComponent(q)}` });
  const body = res.json() as { Data: SearchSuggestions };
  return { status: res.statusCode, data: body.Data, headers: res.headers, body };
}

describe('word matching', () => {
  it.each([
    ['prawn', 'prawn', MATCH_SCORE.exact],
    ['pra', 'prawn', MATCH_SCORE.prefix],
    ['meen', 'karimeen', MATCH_SCORE.inside],
  ])('%j against %j scores %d', (typed, indexed, score) => {
    expect(wordScore(typed, indexed)).toBe(score);
  });

  it('scores near misses below every exact, prefix or inner match, and unrelated words zero', () => {
    for (const [typed, indexed] of [
      ['prwn', 'prawn'],
      ['sardnie', 'sardine'],
      ['pomfert', 'pomfret'],
      ['kingfsh', 'kingfish'],
    ] as const) {
      const score = wordScore(typed, indexed);
      expect(score, `${typed} → ${indexed}`).toBeGreaterThan(0);
      expect(score).toBeLessThan(MATCH_SCORE.inside);
    }
    expect(wordScore('xyzzy', 'prawn')).toBe(0);
    expect(wordScore('fi', 'fry')).toBe(0);
    // A prefix still being typed forgives its last letters.
    expect(wordScore('prw', 'prawn')).toBe(0);
    expect(wordScore('prw', 'prawn', true)).toBeGreaterThan(0);
  });

  it('measures trigram similarity and edits as pg_trgm and Damerau do', () => {
    expect(similarity('prwn', 'prawn')).toBeCloseTo(3 / 8);
    expect(similarity('word', 'word')).toBe(1);
    expect(editDistance('prwn', 'prawn')).toBe(1);
    expect(editDistance('pomfert', 'pomfret')).toBe(1);
    expect(editDistance('abc', 'xyzabc', 2)).toBe(3);
  });
});

describe('GET /api/products with a forgiving search', () => {
  it.each([
    ['prwn', ['tiger-prawns', 'white-prawns', 'small-prawns', 'prawn-roast-kit', 'dry-prawns']],
    ['seer fish', ['seer-fish', 'seer-fry-marinated']],
    ['kingfish', ['seer-fish']],
    ['neymeen', ['seer-fish', 'dry-seer']],
    ['karimeen', ['karimeen', 'pollichathu-kit']],
    ['mathi', ['sardine']],
    ['chemmeen', ['tiger-prawns', 'white-prawns', 'small-prawns', 'dry-prawns']],
    ['ayala', ['mackerel', 'dry-mackerel']],
    ['surmai', ['seer-fish']],
    ['shrimp', ['tiger-prawns', 'white-prawns']],
    ['sardin', ['sardine']],
    ['pomfert', ['black-pomfret', 'white-pomfret']],
    ['ayla', ['mackerel']],
    ['kingfsh', ['seer-fish']],
    ['മത്തി', ['sardine']],
    ['ചെമ്മീൻ', ['tiger-prawns', 'white-prawns']],
  ])('%j finds %j', async (words, keys) => {
    const { names } = await search(words);
    for (const key of keys) expect(names, `${words} → ${key}`).toContain(nameOf(key));
  });

  it('lists the products that match as typed before any near miss, and only those when there are some', async () => {
    // "pomfret" matches as typed: no near misses are mixed in.
    expect((await search('pomfret')).names).toEqual([nameOf('black-pomfret'), nameOf('white-pomfret')]);
    // "prwn" matches nothing as typed: prawn products come first, the rest of their category after.
    const typo = await search('prwn');
    const named = typo.names.map((n) => /prawn/i.test(n));
    expect(named[0]).toBe(true);
    expect(named.slice(named.indexOf(false))).not.toContain(true);
    expect(typo.total).toBe(typo.names.length);
  });

  it('still finds nothing for words that match nothing, nor products that are not listed', async () => {
    expect((await search('xyzzy')).names).toEqual([]);
    expect((await search('no such fish anywhere')).names).toEqual([]);
    // Hilsa is switched off; its name is in the index but it is not listed.
    expect((await search('hilsa')).names).toEqual([]);
    expect((await search('hilsaa')).names).toEqual([]);
  });

  it('keeps a forgiving search to the category and pages asked for', async () => {
    const all = await search('prwn');
    const inCategory = await search('prwn', 'companyId=1&branchId=1&categoryId=5');
    expect(inCategory.names).toEqual(all.names.filter((n) => ['Prawn Roast Kit', 'Prawn Biryani Kit'].includes(n)));
    const res = await t.app.inject({ url: '/api/products?companyId=1&branchId=1&search=prwn&pageSize=2&pageNumber=2' });
    expect(res.json()).toMatchObject({ TotalCount: all.total, Data: [{ name: all.names[2] }, { name: all.names[3] }] });
  });

  it('keeps each company to its own products', async () => {
    const other = await search('makerel', 'companyId=2');
    expect(other.names).toEqual(['Mackerel – Bangude']);
    const own = await search('makerel');
    expect(own.names).not.toContain('Mackerel – Bangude');
    expect(own.names).toContain(nameOf('mackerel'));
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests prawn products and the prawns category for "prw", corrected to "prawn"', async () => {
    const { status, data, headers } = await suggest('prw');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=60');
    expect(data.query).toBe('prw');
    expect(data.correction).toBe('prawn');
    expect(data.categories.map((c) => c.name)).toEqual(['Prawns & Shellfish']);
    expect(data.products.length).toBeGreaterThanOrEqual(5);
    expect(data.products[0]).toEqual({
      productId: expect.any(Number),
      name: nameOf('tiger-prawns'),
      categoryId: 3,
      categoryName: 'Prawns & Shellfish',
      image: '/images/products/tiger-prawns.svg',
    });
  });

  it.each([
    ['neym', 'seer-fish'],
    ['kari', 'karimeen'],
    ['chemm', 'tiger-prawns'],
    ['ayal', 'mackerel'],
    ['math', 'sardine'],
    ['seer f', 'seer-fry-marinated'],
    ['crb', 'mud-crab'],
    ['കരിമീ', 'karimeen'],
    ['നെയ്മീൻ', 'seer-fish'],
  ])('%j suggests %j', async (q, key) => {
    const { data } = await suggest(q);
    expect(data.products.map((p) => p.name)).toContain(nameOf(key));
  });

  it('suggests at most 8, products that begin with the words before near misses, no correction when the words match', async () => {
    for (const q of ['p', 'fish', 'sea', 'a']) {
      const { data } = await suggest(q);
      expect(data.products.length + data.categories.length).toBeLessThanOrEqual(8);
      expect(data.categories.length).toBeLessThanOrEqual(3);
      expect(data.correction).toBeNull();
    }
    const { data } = await suggest('kari');
    expect(data.products.map((p) => p.name)).toEqual([nameOf('karimeen'), nameOf('pollichathu-kit')]);
  });

  it('suggests only what the branch lists and the company shows', async () => {
    // Silver belly is not sold at Kakkanad; hilsa is switched off everywhere.
    expect((await suggest('silver', 'companyId=1&branchId=1')).data.products.map((p) => p.name)).toContain(nameOf('silver-belly'));
    expect((await suggest('silver', 'companyId=1&branchId=2')).data.products.map((p) => p.name)).not.toContain(nameOf('silver-belly'));
    expect((await suggest('hilsa')).data.products).toEqual([]);
    const other = await suggest('mack', 'companyId=2');
    expect(other.data.products.map((p) => p.name)).toEqual(['Mackerel – Bangude']);
    expect((await suggest('bangude')).data.products.map((p) => p.name)).not.toContain('Mackerel – Bangude');
  });

  it('answers a query that matches nothing with empty lists', async () => {
    expect((await suggest('xyzzy')).data).toEqual({ query: 'xyzzy', correction: null, categories: [], products: [] });
    expect((await suggest('  king   fish ')).data.query).toBe('king fish');
  });

  it.each([
    ['', 400, 'q is required in the query.'],
    ['q=', 400, 'q must be at least 1 characters long.'],
    [`q=${'a'.repeat(61)}`, 400, 'q must be at most 60 characters long.'],
    ['q=%20%20', 400, 'q must contain a letter or a digit.'],
    ['q=%25_%25', 400, 'q must contain a letter or a digit.'],
    ['q=prawn&companyId=abc', 400, 'companyId must be a whole number.'],
    ['q=prawn&branchId=0', 400, 'branchId must be at least 1.'],
    ['q=prawn&companyId=999', 404, 'Company 999 was not found.'],
    ['q=prawn&companyId=1&branchId=3', 404, 'Branch 3 was not found for company 1.'],
  ])('%j answers %i', async (query, status, message) => {
    const res = await t.app.inject({ url: `/api/search/suggestions?${query}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ Success: false, Message: message, Data: null });
  });

  it('never fails on odd input', async () => {
    for (const q of ['"', "'", '\\', '*', 'OR', 'NEAR(a b)', 'a"b', '^', 'ക', 'ചെമ്മീൻ', '🦐🦐', 'a-b-c-d-e-f-g-h-i-j']) {
      const res = await t.app.inject({ url: `/api/search/suggestions?q=${encodeURIComponent(q)}` });
      expect([200, 400], q).toContain(res.statusCode);
      const list = await t.app.inject({ url: `/api/products?search=${encodeURIComponent(q)}` });
      expect(list.statusCode, q).toBe(200);
    }
  });
});
