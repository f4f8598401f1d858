import type { Locale } from "../i18n/index.ts";
import { localePath } from "../i18n/paths.ts";

/**
 * The age check's addresses (issue 36) as the pages that need the check link to it: the page
 * with the way back (`zpet`, a local path checked again there) and, for a guest's order, that the
 * check is for this one order (`objednavka=1`); a refused attempt adds its reason (`chyba`).
 */
export function ageCheckPath(locale: Locale, returnPath: string, forOrder = false): string {
  const query = new URLSearchParams({ zpet: returnPath });
  if (forOrder) query.set("objednavka", "1");
  return `${localePath("ageCheck", locale)}?${query}`;
}

/** The age-check page showing a refusal's reason, with the way back and the order kept. */
export function ageRefusalPath(input: {
  code: string;
  locale: Locale;
  returnPath: string;
  forOrder?: boolean;
}): string {
  const query = new URLSearchParams({ chyba: input.code, zpet: input.returnPath });
  if (input.forOrder) query.set("objednavka", "1");
  return `${localePath("ageCheck", input.locale)}?${query}`;
}
