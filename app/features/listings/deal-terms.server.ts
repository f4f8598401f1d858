import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import type { FieldErrors } from "#core/contracts/errors.ts";
import type { MyListing } from "#core/contracts/my-listings.ts";
import { translate } from "#core/i18n/index.ts";
import {
  DealTermsFormValuesSchema,
  type DealTermsKind,
  dealTermsFormValues,
  dealTermsFromForm,
  dealTermsKindOf,
} from "#core/schemas/deal-terms-form.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { ListingFormValues } from "#core/schemas/listing-form.ts";

/**
 * The listing form's deal terms on the server (issue 35, ADR 0075): whether the section applies,
 * the posted section checked into terms (never trusting the browser's checks), and the terms saved
 * for the listing. The listings' save offers no hook inside its transaction, so the terms are
 * checked before it (a refused section saves nothing) and saved right after it, in their own.
 */

const readContext = (context: Readonly<RouterContextProvider>) => context.get(appContext);

type Terms = { paysThroughSite: boolean; deliveryOptions: DeliveryOption[] };

/** Whether the form shows the section: deals through the site are offered (deal-terms' `dealsAvailable`). */
export function dealsOffered(context: Readonly<RouterContextProvider>): Promise<boolean> {
  return readContext(context).services.dealTerms.dealsAvailable();
}

/**
 * What the edited listing is for the section's rules. A stored supply classified with a price
 * stays one (the form would read its price as an auction's start); otherwise the values say it.
 */
export function dealTermsKind(values: ListingFormValues, stored?: MyListing): DealTermsKind {
  if (stored?.format === "classified" && stored.type === "supply" && stored.priceMinor !== null)
    return "fixedClassified";
  return dealTermsKindOf(values);
}

/** The section's values checked: the terms to save, or its field errors in the request's language. */
export function checkDealTerms(
  context: Readonly<RouterContextProvider>,
  values: ListingFormValues,
  kind: DealTermsKind,
): { ok: true; terms: Terms | null } | { ok: false; errors: FieldErrors } {
  const { locale } = readContext(context);
  const checked = dealTermsFromForm(DealTermsFormValuesSchema.parse(values), kind);
  if (checked.ok) return checked;
  const errors: FieldErrors = {};
  for (const [field, keys] of Object.entries(checked.errors))
    errors[field] = keys.map((key) => translate(locale, key));
  return { ok: false, errors };
}

/** Saves the listing's terms (null clears them). The terms were checked by the same schema: a refusal is a bug. */
export async function saveDealTerms(
  context: Readonly<RouterContextProvider>,
  productId: number,
  terms: Terms | null,
): Promise<void> {
  const saved = await readContext(context).services.dealTerms.save(productId, terms);
  if (!saved.ok) throw new Error(`the deal terms of listing ${productId} were refused: ${saved.code}`);
}

/** The stored terms as the section's values (the edit page). */
export async function storedDealTermsValues(context: Readonly<RouterContextProvider>, productId: number) {
  return dealTermsFormValues(await readContext(context).services.dealTerms.termsOf(productId));
}

/** The stored terms stand in for a locked section (after the first bid its fields post nothing). */
export function withStoredDealTerms(form: FormData, stored: ReturnType<typeof dealTermsFormValues>) {
  for (const [name, value] of Object.entries(stored)) {
    form.delete(name);
    for (const item of [value].flat()) form.append(name, item);
  }
  return form;
}
