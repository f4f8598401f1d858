/**
 * What the product page's buy box reads without zod (ADR 0039: its checks load when the visitor
 * reaches the form); ./forms.ts holds the schema and re-exports these.
 */

/** The product page's URL parameters after a line was added: its pieces now, and whether the stock capped them. */
export const ADDED_PARAM = "pridano";
export const LIMITED_PARAM = "maximum";

/**
 * Whether a product page's submission is the buy box's (the bid form is the page's other form): its
 * `intent` field, as forms.ts's AddToCartFormSchema reads it.
 */
export function isAddToCartSubmission(formData: FormData | undefined): boolean {
  return formData?.get("intent") === "cart";
}
