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

/** The query string of an archive's state, the defaults left out (a shared URL stays short). */
export function archiveSearch(query: ResultsQuery, page = query.page): string {
  const params = new URLSearchParams();
  for (const name of RESULT_PARAMS) {
    const value = query[name];
    if (value === undefined || (name === "sort" && value === "newest")) continue;
    params.set(name, String(value));
  }
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
