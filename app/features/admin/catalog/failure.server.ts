import { data } from "react-router";
import { type CatalogFailure, sayCatalogFailure } from "#core/contracts/catalog-refusals.ts";
import { type Locale, translate } from "#core/i18n/index.ts";

type Replying<R> = { reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): R };

/**
 * A back-office catalogue change that failed, as its page answers it: no such row is the 404 page;
 * field problems go under their fields (422), a refusal above the form (409). `extra` is what the
 * page's forms need to find their answer (the intent, the row's id).
 */
export function catalogFailureAnswer<R, E extends object>(
  locale: Locale,
  failure: CatalogFailure,
  submission: Replying<R>,
  extra: E,
) {
  const said = sayCatalogFailure(locale, failure);
  if (said.status === 404) throw data(translate(locale, "errors.notFound"), { status: 404 });
  const result =
    said.status === 422
      ? submission.reply({ fieldErrors: said.errors })
      : submission.reply({ formErrors: [said.message] });
  return data({ ...extra, result }, { status: said.status });
}
