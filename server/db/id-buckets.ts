import { type SQL, sql } from "drizzle-orm";

/**
 * A row's id as words of a full-text vector (ADR 0143): the bucket of 2^12, 2^15 and 2^18 ids
 * that holds it, each a lexeme (`~i12.244`, `~i15.30`, `~i18.3`). Indexed as a second column
 * beside a row's own vector in one GIN index, they let one bitmap index scan find the matches of a
 * search within a range of ids: the index intersects the words' lists with the range's buckets,
 * and the heap is read only for the matches in the range. A range of ids as such (a block range index) narrows
 * nothing once a table's rows no longer lie in the order of their ids, which updates bring about.
 *
 * A lexeme starts with `~`, which no query word does (letters and digits only), so no search word
 * and no prefix of one ever matches a bucket.
 */

/** The widths of the buckets, in bits, widest first. */
const LEVELS = [18, 15, 12] as const;
const FINEST = LEVELS[LEVELS.length - 1];

/** The ids of one finest bucket: a range's bounds on this grid are covered without a remainder. */
export const ID_BUCKET = 2 ** FINEST;

/** More words than this would cost more than the range saves (a range this wide is most ids). */
const MAX_TERMS = 64;

/**
 * `array_to_tsvector(array['~i18.' || (id >> 18)::text, …])`: the same expression in the index
 * (its definition, unqualified column) and in a query (`p.id`), which PostgreSQL must see as equal.
 * Every part is immutable (an integer cast to text, not `text || integer`), as an index requires.
 */
export function idBucketsVector(id: SQL): SQL {
  const words = LEVELS.map(
    (level) => sql`${sql.raw(`'~i${level}.'`)} || (${id} >> ${sql.raw(String(level))})::text`,
  );
  return sql`array_to_tsvector(array[${sql.join(words, sql`, `)}])`;
}

/**
 * The tsquery text (`'~i18.3' | '~i15.30' | …`) that matches every id in (after, upTo], by the
 * fewest buckets: the widest that fit, aligned on their own width. The finest buckets at the ends
 * may reach past the range (a bound off the grid); the caller keeps its exact bounds as well.
 * null when the range needs more than MAX_TERMS words, or is empty.
 */
export function idRangeQuery(after: number, upTo: number): string | null {
  if (upTo <= after) return null;
  let unit = Math.floor((Math.max(after, -1) + 1) / ID_BUCKET);
  const last = Math.floor(upTo / ID_BUCKET);
  const terms: string[] = [];
  while (unit <= last) {
    const level =
      LEVELS.find((bits) => {
        const width = 2 ** (bits - FINEST);
        return unit % width === 0 && unit + width - 1 <= last;
      }) ?? FINEST;
    const width = 2 ** (level - FINEST);
    terms.push(`'~i${level}.${unit / width}'`);
    if (terms.length > MAX_TERMS) return null;
    unit += width;
  }
  return terms.length ? terms.join(" | ") : null;
}
