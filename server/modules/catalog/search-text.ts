/**
 * The catalogue's search normalisation. `products.search_text` holds the product's names, brand,
 * category names and descriptions in both languages, lower-cased and without diacritics; it is
 * computed here in code (not by SQL `unaccent()`, which is not IMMUTABLE and so cannot back an
 * index). Search queries go through the same function, so `Šampaňské` typed as `sampanske` meets
 * the stored text.
 */

/** The lower-cased, unaccented text the catalogue searches (products.search_text, brands.name_key). */
export function searchText(parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A category's names in both languages (English may be missing). */
export type CategoryNames = { nameCs: string; nameEn?: string | null };

/** The fields of a product that search covers, in the order they are stored (names first). */
export type ProductSearchFields = {
  nameCs: string;
  nameEn?: string | null;
  brand?: string | null;
  /**
   * The product's category path, root first, ending with its own category: a visitor who types
   * "rum" expects the Jamaican rums filed under Rum › Karibik › Jamajka, not only those whose own
   * category is called Rum.
   */
  categories?: CategoryNames[];
  descriptionCs?: string | null;
  descriptionEn?: string | null;
};

/**
 * `products.search_text` for a product. The seeds call it with what they insert; everything else
 * goes through refreshSearchText (search-index.ts), which reads the same fields from the database.
 */
export function productSearchText(fields: ProductSearchFields): string {
  const path = fields.categories ?? [];
  return searchText([
    fields.nameCs,
    fields.nameEn,
    fields.brand,
    ...path.map((category) => category.nameCs),
    ...path.map((category) => category.nameEn),
    fields.descriptionCs,
    fields.descriptionEn,
  ]);
}

/**
 * `products.search_name`: the product's names normalised like search_text, as words joined by
 * single spaces. Search ranks hits by the query words their names contain; reading this short
 * column is far cheaper than the long, compressed search_text (ADR 0002).
 */
export function productSearchName(nameCs: string, nameEn?: string | null): string {
  return searchText([nameCs, nameEn])
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(" ");
}

/**
 * The names along a category's path, root first, from a map of categories by id (a bounded walk:
 * the tree has at most 5 levels, and bad data with a cycle must not hang the caller).
 */
export function categoryPathNames<T extends CategoryNames & { parentId: number | null }>(
  categoryId: number,
  byId: ReadonlyMap<number, T>,
): T[] {
  const path: T[] = [];
  let id: number | null = categoryId;
  for (let guard = 0; id !== null && guard < 10; guard++) {
    const category = byId.get(id);
    if (!category) break;
    path.unshift(category);
    id = category.parentId;
  }
  return path;
}

/** At most this many words of a query are used (a pasted paragraph must not build a huge query). */
export const MAX_QUERY_TOKENS = 8;

/**
 * The words of a search query, normalised like search_text: letters and digits only, so they are
 * safe to put into a tsquery, deduplicated, at most MAX_QUERY_TOKENS of at most 40 characters.
 */
export function searchTokens(query: string): string[] {
  const words = searchText([query])
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40));
  return [...new Set(words)].slice(0, MAX_QUERY_TOKENS);
}

/**
 * How many typos a word of this length tolerates: none under 4 letters (too many short words are
 * one letter apart), one from 4, two from 8. Numbers are never corrected.
 */
export function allowedTypos(token: string): number {
  if (/^\p{N}+$/u.test(token)) return 0;
  if (token.length >= 8) return 2;
  if (token.length >= 4) return 1;
  return 0;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
    }
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * Whether a stored word is what the visitor meant by a mistyped token: within the allowed number of
 * typos of the whole word, or of its beginning (the visitor may still be typing: `makal` ~ `macallan`).
 */
export function isTypoOf(token: string, word: string): boolean {
  const allowed = allowedTypos(token);
  if (allowed === 0) return false;
  if (Math.abs(word.length - token.length) <= allowed && editDistance(token, word) <= allowed) return true;
  if (word.length > token.length) return editDistance(token, word.slice(0, token.length)) <= allowed;
  return false;
}
