import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AccountSection, SectionButton } from "#app/components/account/section.tsx";
import {
  EMPTY_LISTING_FORM,
  LISTING_FORM_MAX_BYTES,
  LISTING_IMAGE_UPLOAD_URL,
  type ListingFormValues,
  listingInputFromForm,
  parseListingFormJson,
  readListingForm,
} from "#app/components/listings/form-data.ts";
import { Stepper } from "#app/components/listings/labels.tsx";
import {
  FormErrorSummary,
  type ListingFormErrors,
  ListingFormFields,
} from "#app/components/listings/listing-form.tsx";
import { ListingPreview, type PreviewData } from "#app/components/listings/preview.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import type { Route } from "./+types/add";

/**
 * Adding an auction or ad (`/ucet/vase-aukce/pridat`): the form, then a preview with the fee and
 * the planned dates, then the confirmation page. Every rule is services.listings' (the API's
 * too); this page turns the posted form into its input and shows the answers. Photos go up to the
 * API as they are picked; without scripts they travel with the form and are staged here.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.add.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  // The auth middleware guarantees a user.
  const [options, quota] = await Promise.all([
    services.listings.formOptions(locale),
    services.listingQuota.usage(user!.id),
  ]);
  return {
    options,
    quota,
    emailConfirmed: user!.emailConfirmed,
    minActivation: toPragueLocalInput(new Date()),
  };
}

type Images = { ref: string; url: string }[];

export type AddActionData =
  | {
      step: "form";
      values: ListingFormValues;
      images: Images;
      errors: ListingFormErrors;
      refusal?: { message: string; needsVerification: boolean };
    }
  | { step: "preview"; values: ListingFormValues; preview: PreviewData };

const translated = (locale: Locale, keys: Record<string, MessageKey>): ListingFormErrors =>
  Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, [translate(locale, key)]]));

function merge(...sets: ListingFormErrors[]): ListingFormErrors {
  const out: ListingFormErrors = {};
  for (const set of sets)
    for (const [field, messages] of Object.entries(set))
      out[field] = [...(out[field] ?? []), ...(messages ?? [])];
  return out;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  if (Number(request.headers.get("content-length") ?? 0) > LISTING_FORM_MAX_BYTES)
    throw data(translate(locale, "errors.payloadTooLarge"), { status: 413 });
  const form = await request.formData();
  const intent = form.get("intent");
  const images = (values: ListingFormValues): Images =>
    services.listings
      .stagedViews(user!.id, values.images)
      .map((view) => ({ ref: String(view.ref), url: view.url }));
  const back = (
    values: ListingFormValues,
    errors: ListingFormErrors = {},
    status = 200,
    refusal?: { message: string; needsVerification: boolean },
  ) => data<AddActionData>({ step: "form", values, images: images(values), errors, refusal }, { status });

  if (intent === "back") return back(parseListingFormJson(String(form.get("values") ?? "")));

  let values: ListingFormValues;
  let uploadErrors: ListingFormErrors = {};
  if (intent === "submit") values = parseListingFormJson(String(form.get("values") ?? ""));
  else {
    values = readListingForm(form);
    // Without scripts the picked photos come with the form: staged here like the API does.
    for (const file of form.getAll("newImages")) {
      if (!(file instanceof File) || file.size === 0) continue;
      const staged = await services.listings.stageImage(
        user!.id,
        new Uint8Array(await file.arrayBuffer()),
        locale,
      );
      if (staged.status === "ok") values.images.push(staged.image.token);
      else
        uploadErrors = merge(uploadErrors, {
          images: staged.errors.image?.map((message) => `${file.name}: ${message}`),
        });
    }
  }

  const { input, errors: formErrors } = listingInputFromForm(values);
  const result =
    intent === "submit"
      ? await services.listings.create(user!, input, locale)
      : await services.listings.preview(user!, input, locale);
  const fieldErrors = merge(
    translated(locale, formErrors),
    uploadErrors,
    result.status === "invalid" ? result.errors : {},
  );
  if (result.status === "refused")
    return back(values, fieldErrors, 403, {
      message: result.message,
      needsVerification: Boolean(result.needsVerification),
    });
  if (Object.keys(fieldErrors).length > 0 || result.status === "invalid")
    return back(values, fieldErrors, 422);
  if (result.status === "created") {
    const target = localePath("accountAdvertisementConfirmation", locale);
    throw redirect(`${target}?id=${result.listing.id}`);
  }
  if (result.status !== "ok") return back(values);
  const { listing, fee, schedule } = result;
  return data<AddActionData>({
    step: "preview",
    values,
    preview: {
      type: listing.type,
      format: listing.format,
      categoryPath: listing.categoryPath,
      brand: listing.brand ? { name: listing.brand.name, isNew: listing.brand.id === null } : null,
      packageName: listing.packageName,
      name: listing.name,
      priceMinor: listing.priceMinor,
      reservePriceMinor: listing.reservePriceMinor,
      description: listing.description,
      duration: listing.duration,
      images: result.images.map((image) => ({ url: image.url })),
      fee,
      schedule,
    },
  });
}

export default function AddListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const result = actionData as AddActionData | undefined;
  const { quota, options } = loaderData;
  const verifyPath = localePath("accountVerified", locale);
  const usedUp = !quota.verified && quota.left === 0;

  const header = (step: 1 | 2) => (
    <header>
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
        {step === 2 ? t("listings.preview.title") : t("listings.add.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        {step === 2 ? t("listings.preview.lead") : t("listings.add.lead")}
      </p>
      <Stepper current={step} />
    </header>
  );

  if (!loaderData.emailConfirmed || usedUp)
    return (
      <section data-testid="listing-add-page" className="flex flex-col gap-6">
        {header(1)}
        <AccountSection
          id="listing-blocked"
          title={usedUp ? t("listings.add.quotaTitle") : t("listings.add.emailTitle")}
        >
          <p>{usedUp ? t("listings.add.quotaText") : t("listings.add.emailText")}</p>
          <Link
            to={usedUp ? verifyPath : localePath("accountOverview", locale)}
            className="mt-4 inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
            data-testid="listing-blocked-link"
          >
            {usedUp ? t("listings.add.quotaLink") : t("listings.add.emailLink")}
          </Link>
        </AccountSection>
      </section>
    );

  if (result?.step === "preview")
    return (
      <section data-testid="listing-add-page" className="flex flex-col gap-6">
        {header(2)}
        <ListingPreview data={result.preview} />
        <Form method="post" className="flex flex-col-reverse gap-3 tablet:flex-row tablet:justify-end">
          <input type="hidden" name="values" value={JSON.stringify(result.values)} />
          <SectionButton name="intent" value="back" tone="secondary" busy={busy}>
            {t("listings.preview.back")}
          </SectionButton>
          <SectionButton name="intent" value="submit" busy={busy}>
            {t("listings.preview.submit")}
          </SectionButton>
        </Form>
      </section>
    );

  const values = result?.values ?? EMPTY_LISTING_FORM;
  const errors = result?.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <section data-testid="listing-add-page" className="flex flex-col gap-6">
      {header(1)}
      {!quota.verified ? (
        <p className="text-sm text-muted" data-testid="listing-quota">
          {t("listings.add.quotaLeft", { left: quota.left, free: quota.free })}
        </p>
      ) : null}
      {result?.refusal ? (
        <div
          role="alert"
          className="rounded-lg bg-danger/10 px-4 py-3 text-danger"
          data-testid="listing-refusal"
        >
          <p className="font-medium">{result.refusal.message}</p>
          {result.refusal.needsVerification ? (
            <Link to={verifyPath} className="mt-1 inline-block font-semibold underline underline-offset-4">
              {t("listings.add.quotaLink")}
            </Link>
          ) : null}
        </div>
      ) : null}
      <FormErrorSummary show={hasErrors} message={t("listings.add.fixErrors")} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-6"
        // New values from the server (a refused submit, back from the preview) start the form over.
        key={result ? JSON.stringify(result.values) : "new"}
        data-testid="listing-form"
      >
        <ListingFormFields
          options={options}
          values={values}
          images={result?.step === "form" ? result.images : []}
          errors={errors}
          minActivation={loaderData.minActivation}
          uploadUrl={LISTING_IMAGE_UPLOAD_URL}
        />
        <div className="flex justify-end">
          <SectionButton name="intent" value="preview" busy={busy}>
            {t("listings.add.toPreview")}
          </SectionButton>
        </div>
      </Form>
    </section>
  );
}
