import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { AccountSection, SectionButton } from "#app/features/account/section.tsx";
import { attributeFormData } from "#app/features/listings/attributes.server.ts";
import { checkDealTerms, dealsOffered, saveDealTerms } from "#app/features/listings/deal-terms.server.ts";
import {
  evidenceRules,
  evidenceSection,
  stageEvidenceFiles,
} from "#app/features/listings/evidence.server.ts";
import type { EvidenceSectionProps } from "#app/features/listings/evidence-section.tsx";
import { FormErrorSummary, HiddenValues, ListingFormFields } from "#app/features/listings/listing-form.tsx";
import { LISTING_IMAGE_UPLOAD_URL } from "#app/features/listings/listing-limits.ts";
import {
  imageViews,
  mergeErrors,
  readListingPost,
  refuseLargePost,
} from "#app/features/listings/listing-post.server.ts";
import { DeliveryOptionsLine } from "#app/features/product/bidding/all-in.tsx";
import { ListingPreview, type PreviewData } from "#app/features/product/listing-preview.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { Stepper } from "#app/ui/listing-labels.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import {
  listingRefusalMessage,
  listingRefusalStatus,
  needsDeclaration,
  needsVerification,
} from "#core/contracts/listing-refusals.ts";
import { localePath } from "#core/i18n/paths.ts";
import { dealTermsKindOf } from "#core/schemas/deal-terms-form.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import {
  AddListingFormSchema,
  EMPTY_LISTING_FORM,
  type ListingFormValues,
  ListingFormValuesSchema,
  listingFormErrors,
} from "#core/schemas/listing-form.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/add";

/**
 * Adding an auction or ad (`/ucet/vase-aukce/pridat`): the form, then a preview with the fee and
 * the planned dates, then the confirmation page. The form is read by the listing's schema
 * (core/schemas/listing-form.ts, the API's rules); every other rule is services.listings' (the
 * API's too). Photos go up to the API as they are picked; without scripts they travel with the
 * form and are staged here.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.add.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  // The auth middleware guarantees a user.
  const [options, quota, offered, evidence, sellerGate] = await Promise.all([
    services.listings.formOptions(locale),
    services.listingQuota.usage(user!.id),
    dealsOffered(context),
    evidenceRules(context),
    // Not declared, a trader unverified, suspended: said before the form is filled (issue 36, item 2).
    services.traders.publishRefusal(user!.id),
  ]);
  return {
    options,
    attributes: await attributeFormData(context, options),
    quota,
    dealsOffered: offered,
    evidence,
    sellerPrompt: sellerGate ? listingRefusalMessage(locale, sellerGate) : null,
    emailConfirmed: user!.emailConfirmed,
    minActivation: toPragueLocalInput(new Date()),
  };
}

type Images = { ref: string; url: string }[];
type Refusal = { message: string; needsVerification: boolean; needsDeclaration?: boolean };

export type AddActionData =
  | {
      step: "form";
      result: FormReply | null;
      values: ListingFormValues;
      images: Images;
      evidence: EvidenceSectionProps;
      refusal?: Refusal;
    }
  | {
      step: "preview";
      values: ListingFormValues;
      preview: PreviewData;
      /** The delivery options the seller chose (deals through the site on), for the preview to show. */
      delivery: DeliveryOption[] | null;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  refuseLargePost(request, context);
  const { form, uploadErrors } = await readListingPost(request, context);
  // The evidence slots' files picked without scripts, staged into their slots.
  const evidenceErrors = await stageEvidenceFiles(context, form);
  const submission = parseForm(form, AddListingFormSchema, locale);
  const values = ListingFormValuesSchema.parse(submission.payload);
  const rules = await evidenceRules(context);
  const back = (result: FormReply | null, status = 200, refusal?: Refusal) =>
    data<AddActionData>(
      {
        step: "form",
        result,
        values,
        images: imageViews(services.listings, user!.id, values.images),
        evidence: evidenceSection(context, rules, values),
        refusal,
      },
      { status },
    );
  // The delivery section, checked with the rest so every problem shows at once (none while deals are off).
  const terms = (await dealsOffered(context))
    ? checkDealTerms(context, values, dealTermsKindOf(values))
    : ({ ok: true, terms: null } as const);
  const termErrors = terms.ok ? {} : terms.errors;
  if (submission.status !== "success")
    return back(
      submission.reply({
        fieldErrors: mergeErrors(submission.error, { images: uploadErrors }, termErrors, evidenceErrors),
      }),
      422,
    );
  if (submission.value.intent === "back") return back(null);
  if (!terms.ok || Object.keys(evidenceErrors).length > 0)
    return back(
      submission.reply({ fieldErrors: mergeErrors({ images: uploadErrors }, termErrors, evidenceErrors) }),
      422,
    );

  const { intent, input } = submission.value;
  const result =
    intent === "submit"
      ? await services.listings.create(user!, input, locale)
      : await services.listings.preview(user!, input, locale);
  const fieldErrors = mergeErrors(
    { images: uploadErrors },
    !result.ok && result.code === "invalid"
      ? listingFormErrors(translateProblems(locale, result.details))
      : {},
  );
  const reply = submission.reply({ fieldErrors }) as FormReply;
  if (!result.ok && result.code !== "invalid")
    return back(reply, listingRefusalStatus(result.code), {
      message: listingRefusalMessage(locale, result.code),
      needsVerification: needsVerification(result.code),
      needsDeclaration: needsDeclaration(result.code),
    });
  if (Object.keys(fieldErrors).length > 0 || !result.ok) return back(reply, 422);
  if ("id" in result.value) {
    await saveDealTerms(context, result.value.id, terms.terms);
    const target = localePath("accountAdvertisementConfirmation", locale);
    throw redirect(`${target}?id=${result.value.id}`);
  }
  const { listing } = result.value;
  // The table the product page will show: the details typed, with the evidence's fill level.
  const attributes = await services.listings.attributes.describeInput(
    listing.categoryId,
    { ...listing.attributes, fill_level: listing.evidence?.fillLevel ?? null },
    locale,
  );
  return data<AddActionData>({
    step: "preview",
    values,
    preview: previewData(result.value, attributes),
    delivery: terms.terms?.deliveryOptions ?? null,
  });
}

type Previewed = Extract<
  Awaited<ReturnType<ReturnType<typeof servicesOf>["listings"]["preview"]>>,
  { ok: true }
>["value"];
const servicesOf = (context: Route.ActionArgs["context"]) => context.get(appContext).services;

/** What the preview shows of the checked listing. */
function previewData(
  { listing, fee, schedule, images }: Previewed,
  attributes: PreviewData["attributes"],
): PreviewData {
  return {
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
    images: images.map((image) => ({ url: image.url })),
    fee,
    schedule,
    attributes,
  };
}

function AddHeader({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation();
  return (
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
}

export default function AddListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { quota } = loaderData;
  const result = actionData as AddActionData | undefined;
  const usedUp = !quota.verified && quota.left === 0;
  const blocked = !loaderData.emailConfirmed || usedUp;
  return (
    <section data-testid="listing-add-page" className="flex flex-col gap-6">
      <AddHeader step={!blocked && result?.step === "preview" ? 2 : 1} />
      {blocked ? (
        <BlockedNotice usedUp={usedUp} />
      ) : result?.step === "preview" ? (
        <PreviewStep preview={result.preview} values={result.values} delivery={result.delivery} />
      ) : (
        <FormStep loaderData={loaderData} result={result} />
      )}
    </section>
  );
}

/** No listing without a confirmed e-mail, nor beyond the free quota of an unverified account. */
function BlockedNotice({ usedUp }: { usedUp: boolean }) {
  const { t, locale } = useTranslation();
  return (
    <AccountSection
      id="listing-blocked"
      title={usedUp ? t("listings.add.quotaTitle") : t("listings.add.emailTitle")}
    >
      <p>{usedUp ? t("listings.add.quotaText") : t("listings.add.emailText")}</p>
      <Link
        to={usedUp ? localePath("accountVerified", locale) : localePath("accountOverview", locale)}
        className="mt-4 inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
        data-testid="listing-blocked-link"
      >
        {usedUp ? t("listings.add.quotaLink") : t("listings.add.emailLink")}
      </Link>
    </AccountSection>
  );
}

/** The checked listing and its fee; its buttons post the values back, to the form or on. */
function PreviewStep({
  preview,
  values,
  delivery,
}: {
  preview: PreviewData;
  values: ListingFormValues;
  delivery: DeliveryOption[] | null;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <>
      <ListingPreview data={preview} />
      {delivery ? <DeliveryOptionsLine options={delivery} testId="preview-delivery" /> : null}
      <Form method="post" className="flex flex-col-reverse gap-3 tablet:flex-row tablet:justify-end">
        <HiddenValues values={values} />
        <SectionButton name="intent" value="back" tone="secondary" busy={busy}>
          {t("listings.preview.back")}
        </SectionButton>
        <SectionButton name="intent" value="submit" busy={busy}>
          {t("listings.preview.submit")}
        </SectionButton>
      </Form>
    </>
  );
}

const useBusy = () => {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
};

function FormStep({
  loaderData,
  result,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  result?: Extract<AddActionData, { step: "form" }>;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  // Checked at the first sending, not as a field is left: on a phone a message appearing above the
  // buttons of this long form would move them from under the finger.
  const [form] = useSchemaForm(AddListingFormSchema, result?.result, { shouldValidate: "onSubmit" });
  const { quota, options } = loaderData;
  return (
    <>
      {!quota.verified ? (
        <p className="text-sm text-muted" data-testid="listing-quota">
          {t("listings.add.quotaLeft", { left: quota.left, free: quota.free })}
        </p>
      ) : null}
      {result?.refusal ? (
        <RefusalNotice refusal={result.refusal} />
      ) : loaderData.sellerPrompt ? (
        <RefusalNotice
          refusal={{ message: loaderData.sellerPrompt, needsVerification: false, needsDeclaration: true }}
          testId="seller-prompt"
        />
      ) : null}
      <FormErrorSummary show={form.status === "error"} message={t("listings.add.fixErrors")} />
      <Form
        method="post"
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-6"
        // New values from the server (a refused submit, back from the preview) start the form over.
        key={result ? JSON.stringify(result.values) : "new"}
        data-testid="listing-form"
      >
        <ListingFormFields
          options={options}
          values={result?.values ?? EMPTY_LISTING_FORM}
          images={result?.images ?? []}
          errors={form.allErrors}
          minActivation={loaderData.minActivation}
          uploadUrl={LISTING_IMAGE_UPLOAD_URL}
          dealTerms={
            loaderData.dealsOffered
              ? { fixedClassified: false, values: result?.values ?? EMPTY_LISTING_FORM }
              : undefined
          }
          evidence={
            result?.evidence ?? { rules: loaderData.evidence, values: EMPTY_LISTING_FORM, photos: [] }
          }
          attributes={loaderData.attributes}
        />
        <div className="flex justify-end">
          <SectionButton name="intent" value="preview" busy={busy}>
            {t("listings.add.toPreview")}
          </SectionButton>
        </div>
      </Form>
    </>
  );
}

function RefusalNotice({ refusal, testId = "listing-refusal" }: { refusal: Refusal; testId?: string }) {
  const { t, locale } = useTranslation();
  return (
    <div role="alert" className="rounded-lg bg-danger/10 px-4 py-3 text-danger" data-testid={testId}>
      <p className="font-medium">{refusal.message}</p>
      {refusal.needsVerification ? (
        <Link
          to={localePath("accountVerified", locale)}
          className="mt-1 inline-block font-semibold underline underline-offset-4"
        >
          {t("listings.add.quotaLink")}
        </Link>
      ) : null}
      {refusal.needsDeclaration ? (
        <Link
          to={localePath("accountSellerDeclaration", locale)}
          className="mt-1 inline-block font-semibold underline underline-offset-4"
          data-testid="declaration-link"
        >
          {t("traders.refusalLink")}
        </Link>
      ) : null}
    </div>
  );
}
