import { searchText } from "./search-text.ts";

/**
 * Brand names as sellers type them. One brand is one brand however it is spelt: "Diplomatico",
 * "diplomático" and " DIPLOMÁTICO " are the same house, so a new brand is checked against the
 * stored `brands.name_key` (lower-cased, without diacritics, spaces collapsed: the catalogue's
 * search normalisation, which the seeds use for the same column).
 */

export { BRAND_NAME_MAX } from "#core/schemas/listing.ts";

/** The name as it will be shown: trimmed, inner runs of spaces collapsed, case kept. */
export function cleanBrandName(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim();
}

/** The key two spellings of one brand share (`brands.name_key`). */
export function brandNameKey(name: string): string {
  return searchText([cleanBrandName(name)]);
}
