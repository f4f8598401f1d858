import { data, type RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { translate } from "#core/i18n/index.ts";
import { type ListingFormValues, ListingUploadsSchema } from "#core/schemas/listing-form.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { LISTING_FORM_MAX_BYTES } from "./listing-limits.ts";

const readContext = (context: Readonly<RouterContextProvider>) => context.get(appContext);
type Listings = ReturnType<typeof readContext>["services"]["listings"];

/** A post to the add or edit page larger than a dozen photos is refused (413) before it is read. */
export function refuseLargePost(request: Request, context: Readonly<RouterContextProvider>) {
  if (Number(request.headers.get("content-length") ?? 0) > LISTING_FORM_MAX_BYTES)
    throw data(translate(readContext(context).locale, "errors.payloadTooLarge"), { status: 413 });
}

/**
 * The add or edit form as posted, its photos staged: without scripts the picked files travel with
 * the form (`newImages`) and are staged here as the upload API does, each becoming an `images`
 * ref after the ones already listed; what a file was refused for comes back as the photos' errors.
 */
export async function readListingPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ form: FormData; uploadErrors: string[] }> {
  const { services, user, locale } = readContext(context);
  const form = await request.formData();
  const uploads = parseForm(form, ListingUploadsSchema, locale);
  form.delete("newImages");
  const uploadErrors: string[] = [];
  for (const file of uploads.status === "success" ? uploads.value.newImages : []) {
    const staged = await services.listings.stageImage(user!.id, new Uint8Array(await file.arrayBuffer()));
    if (staged.ok) form.append("images", staged.value.token);
    else {
      const problems = staged.code === "limited" ? staged.details.problems : staged.details;
      const messages = translateProblems(locale, problems).image ?? [];
      uploadErrors.push(...messages.map((message) => `${file.name}: ${message}`));
    }
  }
  return { form, uploadErrors };
}

/** Field errors of several sources (the form's, the uploads', the service's) merged field by field. */
export function mergeErrors(
  ...sets: (Record<string, string[] | null | undefined> | null | undefined)[]
): FieldErrors {
  const out: FieldErrors = {};
  for (const set of sets)
    for (const [field, messages] of Object.entries(set ?? {}))
      if (messages?.length) out[field] = [...(out[field] ?? []), ...messages];
  return out;
}

/**
 * The form's photos by ref for their thumbnails: the listing's own (`existing`, on edit) and the
 * user's staged uploads; a ref that is neither is left out.
 */
export function imageViews(
  listings: Listings,
  userId: number,
  refs: string[],
  existing: { ref: number | string; url: string }[] = [],
) {
  const own = new Map(existing.map((image) => [String(image.ref), image.url]));
  const staged = new Map(listings.stagedViews(userId, refs).map((view) => [String(view.ref), view.url]));
  return refs.flatMap((ref) => {
    const url = own.get(ref) ?? staged.get(ref);
    return url ? [{ ref, url }] : [];
  });
}

/** The listing's stored values stand in for the fields it may no longer change (which post nothing). */
export function withLockedValues(
  form: FormData,
  stored: ListingFormValues,
  locks: { afterBid: boolean; released: boolean },
) {
  const locked: (keyof ListingFormValues)[] = [
    ...(locks.released ? (["type", "priceMode", "duration", "activation", "activationLocal"] as const) : []),
    ...(locks.afterBid
      ? ([
          "category",
          "subcategory",
          "brand",
          "package",
          "name",
          "price",
          "reservePrice",
          "buyNowPrice",
        ] as const)
      : []),
  ];
  for (const name of locked) {
    form.delete(name);
    form.set(name, String(stored[name]));
  }
  return form;
}
