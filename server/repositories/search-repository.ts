import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Forgiving search: every product and category is indexed by the words of its name, its
 * aliases and (for a product) its category, in search_terms; their distinct words per company
 * are in search_words, which the database indexes by trigrams (an FTS5 trigram table on SQLite,
 * a pg_trgm GIN index on PostgreSQL). A typed word is looked up there, each candidate word is
 * scored (exact, then prefix, then part of a word, then near misses), and products are ranked by
 * how well all of the typed words match them. The index is written by
 * search-index-repository.ts.
 */

/** Where an indexed word comes from; a name word counts a little more than an alias, an alias more than a category. */
export const TERM_SOURCE = { name: 0, alias: 1, category: 2 } as const;
const SOURCE_WEIGHT = [1.0, 0.95, 0.8] as const;

/** The longest word compared; longer typed words are cut to it. */
export const MAX_WORD_LENGTH = 30;
const MAX_QUERY_WORDS = 6;
/** Candidate index words read per typed word before scoring. */
const CANDIDATE_WORDS = 60;
/** Trigram similarity (as pg_trgm computes it) a near miss needs. */
const MIN_SIMILARITY = 0.3;

/** Scores of a typed word against an indexed word: how the kinds of match rank against each other. */
export const MATCH_SCORE = { exact: 1, prefix: 0.9, inside: 0.75, nearMissCeiling: 0.7 } as const;

/**
 * The words of a text as the index keeps them: lower-case letters (with their marks, which
 * Malayalam vowel signs are) and digits, a plural 's'
 * dropped (as the product list's search does, so 'prawns' and 'prawn' are one word).
 */
export function indexWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w).slice(0, MAX_WORD_LENGTH));
}

/** The trigrams of a word as pg_trgm makes them: padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  const chars = [...padded];
  for (let i = 0; i + 3 <= chars.length; i += 1) out.add(chars.slice(i, i + 3).join(''));
  return out;
}

/** Shared trigrams over all trigrams of the two words (pg_trgm's similarity). */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  const union = ta.size + tb.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Edits (insert, delete, replace, swap of neighbours) from one word to the other, stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (i > 0 && best > limit) return limit + 1;
  }
  return rows[a.length]?.[b.length] ?? limit + 1;
}

/** Edits a near miss may have: none below 3 letters, one up to 5, two beyond. */
function allowedEdits(word: string): number {
  if (word.length < 3) return 0;
  return word.length <= 5 ? 1 : 2;
}

/**
 * How well a typed word matches an indexed word, 0 for not at all. `asPrefix` treats the typed
 * word as the start of a word still being typed (suggestions), so a near miss of the indexed
 * word's beginning counts too.
 */
export function wordScore(typed: string, indexed: string, asPrefix = false): number {
  if (typed === indexed) return MATCH_SCORE.exact;
  if (indexed.startsWith(typed)) return MATCH_SCORE.prefix;
  if (typed.length >= 3 && indexed.includes(typed)) return MATCH_SCORE.inside;
  const edits = allowedEdits(typed);
  if (edits === 0) return 0;
  let distance = editDistance(typed, indexed, edits);
  if (asPrefix) {
    for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
      if (length >= 2 && length < indexed.length) distance = Math.min(distance, editDistance(typed, indexed.slice(0, length), edits));
    }
  }
  const sim = similarity(typed, indexed);
  if (distance > edits && sim < MIN_SIMILARITY) return 0;
  const closeness = Math.max(sim, distance <= edits ? 1 - distance / typed.length : 0);
  return Math.min(MATCH_SCORE.nearMissCeiling, 0.2 + 0.5 * closeness);
}

// ---------------------------------------------------------------------------------------------
// The index

/** Which database a handle speaks to. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const trigramSchemas = new WeakMap<object, Promise<string | null>>();

/** The schema pg_trgm is installed in, or null when the database does not have it (search then matches parts of words only). */
export function trigramSchema(db: Db): Promise<string | null> {
  let found = trigramSchemas.get(db);
  if (!found) {
    found = sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`
      .execute(db)
      .then((r) => r.rows[0]?.schema ?? null);
    trigramSchemas.set(db, found);
  }
  return found;
}

/** Indexed words of a company that may match a typed word, read through the database's trigram index. */
async function candidateWords(db: Db, companyId: number, typed: string): Promise<string[]> {
  if (isPostgres(db)) {
    const schema = await trigramSchema(db);
    const inside = `%${typed}%`;
    if (schema === null || typed.length < 3) {
      const pattern = typed.length < 3 ? `${typed}%` : inside;
      const rows = await db
        .selectFrom('search_words')
        .select('term')
        .where('company_id', '=', companyId)
        .where('term', 'like', pattern)
        .orderBy('term')
        .limit(CANDIDATE_WORDS)
        .execute();
      return rows.map((r) => r.term);
    }
    const s = sql.id(schema);
    const start = `${typed.slice(0, 2)}%`;
    const { rows } = await sql<{ term: string }>`
      select term from search_words
      where company_id = ${companyId}
        and (term operator(${s}.%) ${typed} or term like ${inside} or term like ${start})
      order by ${s}.similarity(term, ${typed}) desc, term
      limit ${CANDIDATE_WORDS}`.execute(db);
    return rows.map((r) => r.term);
  }
  if (typed.length < 3) {
    const rows = await db
      .selectFrom('search_words')
      .select('term')
      .where('company_id', '=', companyId)
      .where('term', '>=', typed)
      .where('term', '<', `${typed}\u{10FFFF}`)
      .orderBy('term')
      .limit(CANDIDATE_WORDS)
      .execute();
    return rows.map((r) => r.term);
  }
  // Any shared trigram makes a candidate; FTS5's rank puts those sharing the most, and the rarest, first.
  const match = [...trigrams(typed)].map((t) => `"${t}"`).join(' OR ');
  const { rows } = await sql<{ term: string }>`
    select w.term from search_words_fts f join search_words w on w.id = f.rowid
    where search_words_fts match ${match} and w.company_id = ${companyId}
    order by f.rank
    limit ${CANDIDATE_WORDS * 2}`.execute(db);
  return rows.map((r) => r.term);
}

/** The words of a query the index compares, capped in number and length. */
export function queryWords(query: string): string[] {
  return [...new Set(indexWords(query))].slice(0, MAX_QUERY_WORDS);
}

interface WordMatches {
  typed: string;
  /** Indexed word → its score for the typed word. */
  scores: Map<string, number>;
}

async function matchWords(db: Db, companyId: number, words: string[], lastAsPrefix: boolean): Promise<WordMatches[]> {
  return Promise.all(
    words.map(async (typed, i) => {
      const asPrefix = lastAsPrefix && i === words.length - 1;
      const scores = new Map<string, number>();
      for (const term of await candidateWords(db, companyId, typed)) {
        const score = wordScore(typed, term, asPrefix);
        if (score > 0) scores.set(term, score);
      }
      // A word found as typed (or as the start or part of a word) needs no forgiving: near misses would only crowd it.
      if ([...scores.values()].some((score) => score >= MATCH_SCORE.inside)) {
        for (const [term, score] of scores) if (score < MATCH_SCORE.inside) scores.delete(term);
      }
      return { typed, scores };
    }),
  );
}

export interface SearchHit {
  id: number;
  score: number;
}

export interface SearchResult {
  products: SearchHit[];
  categories: SearchHit[];
  /** The query spelled as the index knows it, when some word was only a near miss; null otherwise. */
  correction: string | null;
}

/**
 * Products (or categories) of a company holding, for every typed word, one of its matched index
 * words; scored by the mean over the typed words of the best match (weighted by where the word
 * comes from), best first. Aggregated by the database, so only the best `limit` rows come back.
 */
async function rank(db: Db, companyId: number, matches: WordMatches[], owner: 'product' | 'category', limit: number): Promise<SearchHit[]> {
  if (limit <= 0) return [];
  if (matches.length === 1 && matches[0]) return rankOneWord(db, companyId, matches[0], owner, limit);
  const rows = matches.flatMap((m, idx) => [...m.scores].map(([term, score]) => sql`(${term}, cast(${idx} as integer), cast(${score} as double precision))`));
  const ownerColumn = owner === 'product' ? sql`t.product_id` : sql`t.category_id`;
  const ownerFilter = owner === 'product' ? sql`t.product_id is not null` : sql`t.product_id is null`;
  const weight = sql`case t.source when ${sql.lit(TERM_SOURCE.name)} then ${sql.lit(SOURCE_WEIGHT[0])} when ${sql.lit(TERM_SOURCE.alias)} then ${sql.lit(SOURCE_WEIGHT[1])} else ${sql.lit(SOURCE_WEIGHT[2])} end`;
  // CROSS JOIN keeps SQLite reading the typed words first, each through the (company, term) index.
  const { rows: hits } = await sql<{ owner: number; score: number }>`
    with w (term, idx, score) as (values ${sql.join(rows)})
    select per_word.owner as owner, sum(per_word.best) as score
    from (
      select ${ownerColumn} as owner, w.idx as idx, max(w.score * ${weight}) as best
      from w cross join search_terms t
      where t.company_id = ${companyId} and t.term = w.term and ${ownerFilter}
      group by ${ownerColumn}, w.idx
    ) per_word
    group by per_word.owner
    having count(*) = ${sql.lit(matches.length)}
    order by score desc, owner
    limit ${limit}`.execute(db);
  return hits.map((h) => ({ id: Number(h.owner), score: Number(h.score) / matches.length }));
}

/**
 * The best `limit` owners of one typed word, as rank scores them. Every owner of one matched word
 * from one source has the same score, so an owner among the best `limit` is among the first
 * `limit` (by id, the tie-break) of its best word and source: only those are read, in the order
 * of the (company, term, source, owner) index, instead of every owner holding a matched word.
 */
async function rankOneWord(db: Db, companyId: number, match: WordMatches, owner: 'product' | 'category', limit: number): Promise<SearchHit[]> {
  const kinds = [...match.scores].flatMap(([term, score]) =>
    Object.values(TERM_SOURCE).map((source) => sql`(${term}, cast(${source} as integer), cast(${score * SOURCE_WEIGHT[source]} as double precision))`),
  );
  const ownerColumn = owner === 'product' ? sql`t.product_id` : sql`t.category_id`;
  const ownerFilter = owner === 'product' ? sql`t.product_id is not null` : sql`t.product_id is null`;
  const { rows: hits } = isPostgres(db)
    ? await sql<{ owner: number; score: number }>`
        with k (term, source, score) as (values ${sql.join(kinds)})
        select f.owner as owner, max(k.score) as score
        from k cross join lateral (
          select ${ownerColumn} as owner from search_terms t
          where t.company_id = ${companyId} and t.term = k.term and t.source = k.source and ${ownerFilter}
          order by ${ownerColumn}
          limit ${limit}
        ) f
        group by f.owner
        order by score desc, owner
        limit ${limit}`.execute(db)
    : // SQLite has no LATERAL: the first owners of each word and source are picked by rowid.
      await sql<{ owner: number; score: number }>`
        with k (term, source, score) as (values ${sql.join(kinds)})
        select ${ownerColumn} as owner, max(k.score) as score
        from k cross join search_terms t
        where t.id in (
          select t.id from search_terms t
          where t.company_id = ${companyId} and t.term = k.term and t.source = k.source and ${ownerFilter}
          order by ${ownerColumn}
          limit ${limit}
        )
        group by ${ownerColumn}
        order by score desc, owner
        limit ${limit}`.execute(db);
  return hits.map((h) => ({ id: Number(h.owner), score: Number(h.score) }));
}

/**
 * Products and categories of a company matching every word of the query, best first. The
 * caller narrows products to those a branch lists. `asYouType` reads the last word as a prefix
 * still being typed.
 */
export async function searchCatalogue(
  db: Db,
  options: { companyId: number; query: string; productLimit: number; categoryLimit: number; asYouType?: boolean },
): Promise<SearchResult> {
  const words = queryWords(options.query);
  if (words.length === 0) return { products: [], categories: [], correction: null };
  const matches = await matchWords(db, options.companyId, words, options.asYouType ?? false);
  if (matches.some((m) => m.scores.size === 0)) return { products: [], categories: [], correction: null };
  const [products, categories] = await Promise.all([
    rank(db, options.companyId, matches, 'product', options.productLimit),
    rank(db, options.companyId, matches, 'category', options.categoryLimit),
  ]);
  return { products, categories, correction: correctionOf(matches) };
}

/** Each near-missed word replaced by the indexed word it is closest to; null when every word matched as typed. */
function correctionOf(matches: WordMatches[]): string | null {
  let corrected = false;
  const words = matches.map((m) => {
    let bestTerm = m.typed;
    let bestScore = 0;
    let bestSimilarity = 0;
    for (const [term, score] of m.scores) {
      const sim = similarity(m.typed, term);
      if (score > bestScore || (score === bestScore && (sim > bestSimilarity || (sim === bestSimilarity && term < bestTerm)))) {
        bestTerm = term;
        bestScore = score;
        bestSimilarity = sim;
      }
    }
    if (bestScore >= MATCH_SCORE.inside) return m.typed;
    corrected = true;
    return bestTerm;
  });
  return corrected ? words.join(' ') : null;
}
