import type { ResultsQuery } from "#core/schemas/results.ts";

/** The archive's URL parameters (the GET form's field names). */
export const RESULT_PARAMS = [
  "q",
  "category",
  "priceFrom",
  "priceTo",
  "from",
  "to",
  "fill",
  "kind",
  "sort",
] as const;

/**
 * The query string of an archive's state, the defaults left out (a shared URL stays short); a
 * later page carries the result it starts after and its number (keyset pages, ADR 0101), the
 * first page neither.
 */
export function archiveSearch(query: ResultsQuery, next?: { after: number; page: number }): string {
  const params = new URLSearchParams();
  for (const name of RESULT_PARAMS) {
    const value = query[name];
    if (value === undefined || (name === "sort" && value === "newest")) continue;
    params.set(name, String(value));
  }
  if (next) {
    params.set("after", String(next.after));
    params.set("page", String(next.page));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
