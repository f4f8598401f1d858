import { type Locale, translate } from "#core/i18n/index.ts";

/** Product names a watchdog notice lists; the rest is "and N more". */
const NAMES_IN_NOTICE = 3;

/**
 * The names of the products a watchdog found, in the reader's language, as its notice lists them:
 * the template's part of the notice (ADR 0068); deliver.ts decides whom to tell and when.
 */
export function hitNames(locale: Locale, hits: readonly { nameCs: string; nameEn: string | null }[]): string {
  const names = hits
    .slice(0, NAMES_IN_NOTICE)
    .map((hit) => (locale === "en" && hit.nameEn) || hit.nameCs)
    .join(", ");
  const more =
    hits.length > NAMES_IN_NOTICE
      ? translate(locale, "watchdog.more", { count: hits.length - NAMES_IN_NOTICE })
      : "";
  return names + more;
}
