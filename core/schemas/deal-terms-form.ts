import { z } from "zod";
import type { MessageKey } from "../i18n/index.ts";
import { formatCrownsInput, parseCrowns } from "../money/crowns-input.ts";
import { CARRIERS, type Carrier, type DeliveryOption, deliveryOptionsSchema } from "./delivery.ts";

/**
 * The listing form's section "Doručení a platba přes Raritu" (issue 35, ADR 0075): a checkbox per
 * carrier with its price typed in crowns, personal pickup with its town, and a fixed-price
 * classified's opt-in to payment through the site. The fields travel with the listing's form
 * values (listing-form.ts), so a refused submit and the preview keep what was typed; the page's
 * action turns them into terms with `dealTermsFromForm` and the deal-terms service checks them
 * again.
 */

/** The field of a carrier's price: `deliveryPrice_zasilkovna`… (flat: the form posts it as is). */
export type DeliveryPriceField = `deliveryPrice_${Carrier}`;
export const deliveryPriceField = (carrier: Carrier): DeliveryPriceField => `deliveryPrice_${carrier}`;

const text = z.string().default("");

/** The section's fields as typed. `delivery` holds the ticked carriers and "pickup". */
export const DealTermsFormValuesSchema = z.object({
  delivery: z.preprocess(
    (value) => [value ?? []].flat().filter((entry) => typeof entry === "string" && entry !== ""),
    z.array(z.string()),
  ),
  ...(Object.fromEntries(CARRIERS.map((carrier) => [deliveryPriceField(carrier), text])) as Record<
    DeliveryPriceField,
    typeof text
  >),
  pickupTown: text,
  /** "on" when a fixed-price classified takes payment through the site ("Koupit"). */
  paysThroughSite: text,
});
export type DealTermsFormValues = z.infer<typeof DealTermsFormValuesSchema>;

/**
 * What the listing is, for the section's rules: an auction (its winner pays through the site, so
 * it must offer delivery), a fixed-price classified (may opt in, then must offer delivery), another
 * supply classified (may list delivery), a demand ad (no terms).
 */
export type DealTermsKind = "auction" | "fixedClassified" | "classified" | "demand";

/** The kind of the listing the form's values describe (a supply ad with a price is an auction, with a fixed one a classified). */
export function dealTermsKindOf(values: { type: string; priceMode: string }): DealTermsKind {
  if (values.type === "demand") return "demand";
  if (values.priceMode === "fixed") return "fixedClassified";
  return values.priceMode === "agreement" ? "classified" : "auction";
}

export type DealTermsFromForm =
  | { ok: true; terms: { paysThroughSite: boolean; deliveryOptions: DeliveryOption[] } | null }
  | { ok: false; errors: Record<string, MessageKey[]> };

/**
 * The terms the section's values ask for, or its problems under the form's field names. Null
 * terms: none to keep (a demand ad, or a classified that offers no delivery and does not opt in).
 */
export function dealTermsFromForm(values: DealTermsFormValues, kind: DealTermsKind): DealTermsFromForm {
  if (kind === "demand") return { ok: true, terms: null };
  const errors: Record<string, MessageKey[]> = {};
  const add = (field: string, key: MessageKey) => {
    errors[field] = [...(errors[field] ?? []), key];
  };
  const ticked = new Set(values.delivery);
  const options: DeliveryOption[] = [];
  for (const carrier of CARRIERS) {
    if (!ticked.has(carrier)) continue;
    const field = deliveryPriceField(carrier);
    const priceMinor = parseCrowns(values[field]);
    if (priceMinor === null || priceMinor === "invalid") add(field, "validation.deliveryPrice");
    else options.push({ carrier, priceMinor });
  }
  if (ticked.has("pickup")) options.push({ carrier: "pickup", town: values.pickupTown });
  const paysThroughSite = kind === "fixedClassified" && values.paysThroughSite === "on";
  const required = kind === "auction" || paysThroughSite;
  if (options.length === 0 && Object.keys(errors).length === 0) {
    if (required) add("delivery", "validation.deliveryRequired");
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, terms: null };
  }
  // The shared schema has the last word on each option (price bounds, the town's length).
  const checked = deliveryOptionsSchema.safeParse(options);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const option = typeof issue.path[0] === "number" ? options[issue.path[0]] : undefined;
      const field =
        option === undefined
          ? "delivery"
          : option.carrier === "pickup"
            ? "pickupTown"
            : deliveryPriceField(option.carrier);
      add(field, issue.message as MessageKey);
    }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, terms: { paysThroughSite, deliveryOptions: checked.data ?? options } };
}

/** The section's values for stored terms (the edit page), or empty ones. */
export function dealTermsFormValues(
  terms: { paysThroughSite: boolean; deliveryOptions: readonly DeliveryOption[] } | null,
): DealTermsFormValues {
  const values = DealTermsFormValuesSchema.parse({});
  for (const option of terms?.deliveryOptions ?? []) {
    values.delivery.push(option.carrier);
    if (option.carrier === "pickup") values.pickupTown = option.town;
    else values[deliveryPriceField(option.carrier)] = formatCrownsInput(option.priceMinor);
  }
  values.paysThroughSite = terms?.paysThroughSite ? "on" : "";
  return values;
}
