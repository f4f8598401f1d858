import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AccountSection, SavedMessage, SectionButton } from "#app/components/account/section.tsx";
import {
  LISTING_FORM_MAX_BYTES,
  LISTING_IMAGE_UPLOAD_URL,
  type ListingFormValues,
  listingFormFromInput,
  listingInputFromForm,
  readListingForm,
} from "#app/components/listings/form-data.ts";
import { StatusBadge } from "#app/components/listings/labels.tsx";
import {
  FormErrorSummary,
  type ListingFormErrors,
  ListingFormFields,
} from "#app/components/listings/listing-form.tsx";
import { requirePathId } from "#app/components/seo/canonical.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import type { Route } from "./+types/edit";

/**
 * Editing a listing (`/ucet/vase-aukce/:id/upravit`), the seller's own only (any other id is a
 * 404). Before the first bid everything may change (but, once paid or live, the type, the way of
 * selling, the length and the start); after it the description and new photos only, and the page
 * says why. A listing nobody has bid on can be cancelled here too. The rules are
 * services.listings'; fields the page shows disabled are filled in from the stored listing.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.edit.title"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const editable = await services.listings.editable(user!.id, requirePathId(params.id), locale);
  if (!editable) throw data(null, { status: 404 });
  const options = await services.listings.formOptions(locale);
  return {
    listing: editable.listing,
    values: listingFormFromInput(editable.input),
    images: editable.images.map((image) => ({ ref: String(image.ref), url: image.url })),
    locks: editable.locks,
    options,
    minActivation: toPragueLocalInput(new Date()),
  };
}

export type EditActionData = {
  values: ListingFormValues;
  images: { ref: string; url: string }[];
  errors: ListingFormErrors;
  saved: boolean;
  message?: string;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const id = requirePathId(params.id);
  if (Number(request.headers.get("content-length") ?? 0) > LISTING_FORM_MAX_BYTES)
    throw data(translate(locale, "errors.payloadTooLarge"), { status: 413 });
  const editable = await services.listings.editable(user!.id, id, locale);
  if (!editable) throw data(null, { status: 404 });
  const form = await request.formData();

  if (form.get("intent") === "cancel") {
    const result = await services.listings.cancel(user!, id, locale);
    if (result.status === "not_found") throw data(null, { status: 404 });
    if (result.status === "refused")
      return data<EditActionData>(
        {
          values: listingFormFromInput(editable.input),
          images: editable.images.map((image) => ({ ref: String(image.ref), url: image.url })),
          errors: {},
          saved: false,
          message: result.message,
        },
        { status: 409 },
      );
    throw redirect(`${localePath("accountAdvertisements", locale)}?filter=cancelled`);
  }

  const stored = listingFormFromInput(editable.input);
  const posted = readListingForm(form);
  // Disabled fields are not posted: the stored values stand in for them.
  const { afterBid, released } = editable.locks;
  const values: ListingFormValues = {
    ...posted,
    ...(released
      ? {
          type: stored.type,
          priceMode: stored.priceMode,
          duration: stored.duration,
          activation: stored.activation,
          activationLocal: stored.activationLocal,
        }
      : {}),
    ...(afterBid
      ? {
          category: stored.category,
          subcategory: stored.subcategory,
          brand: stored.brand,
          package: stored.package,
          name: stored.name,
          price: stored.price,
          reservePrice: stored.reservePrice,
        }
      : {}),
  };
  const uploadErrors: string[] = [];
  for (const file of form.getAll("newImages")) {
    if (!(file instanceof File) || file.size === 0) continue;
    const staged = await services.listings.stageImage(
      user!.id,
      new Uint8Array(await file.arrayBuffer()),
      locale,
    );
    if (staged.status === "ok") values.images.push(staged.image.token);
    else uploadErrors.push(...(staged.errors.image ?? []).map((message) => `${file.name}: ${message}`));
  }
  const { input, errors: formErrors } = listingInputFromForm(values);
  // The stored instants exactly (the form's wall clock has no seconds).
  if (released) {
    input.activationAt = editable.input.activationAt ?? null;
    input.duration = editable.input.duration ?? null;
  }
  const views = (refs: string[]) => {
    const existing = new Map(editable.images.map((image) => [String(image.ref), image.url]));
    const staged = new Map(
      services.listings.stagedViews(user!.id, refs).map((view) => [String(view.ref), view.url]),
    );
    return refs.flatMap((ref) => {
      const url = existing.get(ref) ?? staged.get(ref);
      return url ? [{ ref, url }] : [];
    });
  };
  const errors: ListingFormErrors = Object.fromEntries(
    Object.entries(formErrors).map(([field, key]) => [field, [translate(locale, key)]]),
  );
  if (uploadErrors.length > 0) errors.images = uploadErrors;
  if (Object.keys(errors).length > 0)
    return data<EditActionData>(
      { values, images: views(values.images), errors, saved: false },
      { status: 422 },
    );

  const result = await services.listings.update(user!, id, input, locale);
  if (result.status === "not_found") throw data(null, { status: 404 });
  if (result.status === "invalid")
    return data<EditActionData>(
      { values, images: views(values.images), errors: result.errors, saved: false },
      { status: 422 },
    );
  if (result.status === "refused")
    return data<EditActionData>(
      { values, images: views(values.images), errors: {}, saved: false, message: result.message },
      { status: 409 },
    );
  const fresh = await services.listings.editable(user!.id, id, locale);
  return {
    values: listingFormFromInput(fresh!.input),
    images: fresh!.images.map((image) => ({ ref: String(image.ref), url: image.url })),
    errors: {},
    saved: true,
  } satisfies EditActionData;
}

export default function EditListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && (navigation.formData?.get("intent") ?? "save") === intent;
  const { listing, locks, options } = loaderData;
  const result = actionData as EditActionData | undefined;
  const values = result?.values ?? loaderData.values;
  const images = result?.images ?? loaderData.images;
  const errors = result?.errors ?? {};
  const backPath = localePath("accountAdvertisements", locale);

  return (
    <section data-testid="listing-edit-page" className="flex flex-col gap-6">
      <header>
        <Link to={backPath} className="text-sm font-semibold text-primary-dark underline underline-offset-4">
          ← {t("listings.edit.back")}
        </Link>
        <h1 className="mt-3 font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t("listings.edit.title")}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Link
            to={listing.url}
            className="font-serif text-lg text-ink hover:underline"
            data-testid="edit-listing-name"
          >
            {listing.name}
          </Link>
          <StatusBadge status={listing.status} />
        </div>
      </header>

      {!listing.actions.edit ? (
        <AccountSection id="not-editable" title={t("listings.edit.notEditableTitle")}>
          <p>{t("listings.edit.notEditableText")}</p>
        </AccountSection>
      ) : (
        <>
          {locks.afterBid ? (
            <div
              className="rounded-xl border border-secondary/50 bg-secondary/10 p-5"
              data-testid="edit-locked-bid"
            >
              <h2 className="font-serif text-xl text-[#6b5116]">{t("listings.edit.lockedAfterBidTitle")}</h2>
              <p className="mt-1 leading-relaxed">{t("listings.edit.lockedAfterBidText")}</p>
            </div>
          ) : locks.released ? (
            <p
              className="rounded-lg bg-primary/10 px-4 py-3 text-primary-dark"
              data-testid="edit-locked-released"
            >
              {t("listings.edit.lockedReleasedText")}
            </p>
          ) : null}
          {result?.message ? (
            <p role="alert" className="rounded-lg bg-danger/10 px-4 py-3 text-danger">
              {result.message}
            </p>
          ) : null}
          <FormErrorSummary show={Object.keys(errors).length > 0} message={t("listings.add.fixErrors")} />
          <Form
            method="post"
            encType="multipart/form-data"
            noValidate
            className="flex flex-col gap-6"
            key={result ? JSON.stringify([result.values, result.saved]) : "stored"}
            data-testid="listing-form"
          >
            <ListingFormFields
              options={options}
              values={values}
              images={images}
              errors={errors}
              locks={locks}
              lockedImages={locks.afterBid ? loaderData.images.map((image) => image.ref) : []}
              minActivation={loaderData.minActivation}
              uploadUrl={LISTING_IMAGE_UPLOAD_URL}
            />
            <div className="flex flex-wrap items-center justify-end gap-4">
              <SavedMessage message={result?.saved ? t("listings.form.saved") : null} />
              <SectionButton name="intent" value="save" busy={busy("save")}>
                {t("listings.form.save")}
              </SectionButton>
            </div>
          </Form>
          {listing.actions.cancel ? (
            <AccountSection id="cancel" title={t("listings.edit.cancelTitle")} tone="danger">
              <p>{t("listings.edit.cancelText")}</p>
              <details className="mt-4">
                <summary
                  className="inline-flex min-h-11 cursor-pointer list-none items-center rounded border border-danger px-5 py-2 font-semibold text-danger hover:bg-danger/10 [&::-webkit-details-marker]:hidden"
                  data-testid="edit-cancel"
                >
                  {t("listings.edit.cancelButton")}
                </summary>
                <Form method="post" className="mt-3 flex flex-col items-start gap-3">
                  <p>{t("listings.mine.cancelConfirm")}</p>
                  <SectionButton name="intent" value="cancel" tone="danger" busy={busy("cancel")}>
                    {t("listings.mine.cancelYes")}
                  </SectionButton>
                </Form>
              </details>
            </AccountSection>
          ) : null}
        </>
      )}
    </section>
  );
}
