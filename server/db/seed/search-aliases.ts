import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { SearchAliasTable } from '../catalogue-tables.js';
import { CATEGORIES, PRODUCTS, type CategoryKey } from './catalogue-data.js';

/**
 * Other names shoppers search the demo catalogue by: trade names, Hindi and Tamil market names,
 * Malayalam names in Latin letters (with their common spellings) and in Malayalam script. They
 * feed the search index (search_aliases) and a product's search_text, so "surmai" finds the
 * kingfish and "chemmeen" every prawn.
 */
export const PRODUCT_ALIASES: Record<string, string[]> = {
  'seer-fish': ['seer fish', 'surmai', 'vanjaram', 'neimeen', 'king mackerel', 'നെയ്മീൻ'],
  'black-pomfret': ['halwa', 'avoli'],
  'white-pomfret': ['paplet', 'avoli', 'silver pomfret'],
  mackerel: ['bangda', 'ayila', 'aiyla', 'ayla', 'അയല'],
  sardine: ['mathi', 'chaala', 'chala', 'mathy', 'pedvey', 'മത്തി'],
  tuna: ['choora', 'kera'],
  barracuda: ['sheelavu', 'seela'],
  anchovy: ['nethili', 'kozhuva', 'natholi', 'netholi'],
  'indian-salmon': ['rawas', 'kaala', 'kala'],
  'ribbon-fish': ['vaala', 'hairtail', 'belt fish'],
  'sole-fish': ['manthal', 'nangu'],
  emperor: ['vela meen'],
  trevally: ['para', 'vatta'],
  'pink-perch': ['kilimeen', 'kili meen'],
  grouper: ['kalava', 'hammour'],
  'lady-fish': ['kilanga', 'kane'],
  'silver-belly': ['mullan', 'pony fish'],
  karimeen: ['karimeen', 'kari meen', 'green chromide', 'pearlspot', 'കരിമീൻ'],
  tilapia: ['sutharu', 'philopia'],
  murrel: ['varaal', 'snakehead', 'viral'],
  catfish: ['mushi', 'magur'],
  'milk-fish': ['poomeen', 'poo meen'],
  'tiger-prawns': ['chemmeen', 'shrimp', 'jhinga', 'kaara', 'ചെമ്മീൻ'],
  'white-prawns': ['chemmeen', 'shrimp', 'jhinga', 'naran', 'ചെമ്മീൻ'],
  'small-prawns': ['chemmeen', 'shrimp', 'kazhanthan chemmeen'],
  scampi: ['konju', 'chemmeen', 'freshwater prawn'],
  squid: ['koonthal', 'kanava', 'calamari'],
  cuttlefish: ['kanava', 'kadal koonthal'],
  mussels: ['kallummakkaya', 'kadukka'],
  clams: ['kakka', 'elambakka'],
  'mud-crab': ['njandu', 'njand'],
  'sea-crab': ['kadal njandu', 'flower crab'],
};

/** Other names of whole categories, for category suggestions. */
export const CATEGORY_ALIASES: Partial<Record<CategoryKey, string[]>> = {
  sea: ['kadal meen', 'sea food', 'seafood', 'marine fish'],
  fresh: ['puzha meen', 'river fish', 'backwater fish'],
  prawns: ['chemmeen', 'shrimp', 'shellfish', 'seafood'],
  crabs: ['njandu'],
  ready: ['marinated', 'ready to eat'],
  dry: ['unakka meen', 'karuvadu', 'dried fish'],
  masala: ['spices', 'masala podi'],
  pickle: ['achar'],
};

/** A product's search_text: its name, category, description and other names, lower-case. */
export function searchTextOf(parts: { name: string; categoryName: string; description: string; aliases?: readonly string[] }): string {
  return [parts.name, parts.categoryName, parts.description, ...(parts.aliases ?? [])].join(' ').toLowerCase();
}

const DEMO_COMPANY_ID = 1;

/**
 * Stores the demo catalogue's other names for the demo company's products and categories that
 * carry the demo names, and adds them to those products' search_text. Does nothing when the
 * company already has aliases, or has none of the demo products.
 */
export async function addDemoSearchAliases(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  const existing = await db.selectFrom('search_aliases').select('id').where('company_id', '=', DEMO_COMPANY_ID).limit(1).executeTakeFirst();
  if (existing) return;
  const productNames = new Map(PRODUCTS.map((p) => [p.name, PRODUCT_ALIASES[p.key] ?? []]));
  const categoryNames = new Map(CATEGORIES.map((c) => [c.name, CATEGORY_ALIASES[c.key] ?? []]));
  const [products, categories] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.name', 'p.description', 'c.name as category_name'])
      .where('p.company_id', '=', DEMO_COMPANY_ID)
      .execute(),
    db.selectFrom('categories').select(['id', 'name']).where('company_id', '=', DEMO_COMPANY_ID).execute(),
  ]);
  const rows: Insertable<SearchAliasTable>[] = [];
  for (const product of products) {
    const aliases = productNames.get(product.name) ?? [];
    if (aliases.length === 0) continue;
    rows.push(...aliases.map((alias) => ({ company_id: DEMO_COMPANY_ID, product_id: product.id, category_id: null, alias })));
    await db
      .updateTable('products')
      .set({ search_text: searchTextOf({ name: product.name, categoryName: product.category_name, description: product.description, aliases }) })
      .where('id', '=', product.id)
      .execute();
  }
  for (const category of categories) {
    rows.push(...(categoryNames.get(category.name) ?? []).map((alias) => ({ company_id: DEMO_COMPANY_ID, product_id: null, category_id: category.id, alias })));
  }
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto('search_aliases')
      .values(rows.slice(i, i + 400))
      .execute();
}
