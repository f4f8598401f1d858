import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import type { AttributeFormData } from "#core/contracts/listing-attributes.ts";
import type { ListingFormValues } from "#core/schemas/listing-form.ts";
import type { ListingFormOptions } from "./listing-form-types.ts";

/**
 * The listing form's structured attributes on the server (issue 37, item 1): every offered
 * category's fields with the suggestions of existing values, and the stored values of the edited
 * listing. The checks are the listings' submission's (its hook, server/modules/listing-attributes).
 */

const readContext = (context: Readonly<RouterContextProvider>) => context.get(appContext);

/** The fields of every category the form offers, in the page's language. */
export function attributeFormData(
  context: Readonly<RouterContextProvider>,
  options: ListingFormOptions,
): Promise<AttributeFormData> {
  const { services, locale } = readContext(context);
  const ids = options.categories.flatMap((entry) => [entry.id, ...entry.subcategories.map((sub) => sub.id)]);
  return services.listings.attributes.formData(ids, locale);
}

/** The edit page's values with the listing's stored attributes. */
export async function withStoredAttributes<T extends ListingFormValues>(
  context: Readonly<RouterContextProvider>,
  productId: number,
  values: T,
): Promise<T> {
  const attributes = await readContext(context).services.listings.attributes.formValuesOf(productId);
  return { ...values, attributes };
}
