import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";

/** Where a finished attempt goes back to (the module's AttemptReturn as the app reads it). */
export type AttemptReturnLike = { returnPath: string; locale: Locale; forOrder?: boolean };

/** The age-check page showing a refusal's reason, with the way back and the order kept. */
export function refusalPath({
  code,
  locale,
  returnPath,
  forOrder,
}: AttemptReturnLike & { code: string }): string {
  const query = new URLSearchParams({ chyba: code, zpet: returnPath });
  if (forOrder) query.set("objednavka", "1");
  return `${localePath("ageCheck", locale)}?${query}`;
}

/** The age-check page's address from a page that needs the check, coming back to `returnPath`. */
export function ageCheckPath(locale: Locale, returnPath: string, forOrder = false): string {
  const query = new URLSearchParams({ zpet: returnPath });
  if (forOrder) query.set("objednavka", "1");
  return `${localePath("ageCheck", locale)}?${query}`;
}
