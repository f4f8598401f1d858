import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app/context.ts";
import { AccountSection, SavedMessage, SectionButton } from "#app/features/account/section.tsx";
import { attributeFormData, withStoredAttributes } from "#app/features/listings/attributes.server.ts";
import {
  checkDealTerms,
  dealsOffered,
  dealTermsKind,
  saveDealTerms,
  storedDealTermsValues,
  withStoredDealTerms,
} from "#app/features/listings/deal-terms.server.ts";
import {
  evidenceRules,
  evidenceSection,
  stageEvidenceFiles,
  withStoredEvidence,
} from "#app/features/listings/evidence.server.ts";
import type { EvidenceSectionProps } from "#app/features/listings/evidence-section.tsx";
import { FormErrorSummary, ListingFormFields } from "#app/features/listings/listing-form.tsx";
import { LISTING_IMAGE_UPLOAD_URL } from "#app/features/listings/listing-limits.ts";
import {
  imageViews,
  mergeErrors,
  readListingPost,
  refuseLargePost,
  withLockedValues,
} from "#app/features/listings/listing-post.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { StatusBadge } from "#app/ui/listing-labels.tsx";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { listingRefusalMessage, listingRefusalStatus } from "#core/contracts/listing-refusals.ts";
import { localePath } from "#core/i18n/paths.ts";
import {
  EditListingFormSchema,
  type ListingFormValues,
  ListingFormValuesSchema,
  listingFormErrors,
  listingFormFromInput,
} from "#core/schemas/listing-form.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
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
  const [options, offered, terms, rules] = await Promise.all([
    services.listings.formOptions(locale),
    dealsOffered(context),
    storedDealTermsValues(context, editable.listing.id),
    evidenceRules(context),
  ]);
  // The evidence's photos show in their slots, not among the listing's other photos.
  const values = await withStoredAttributes(
    context,
    editable.listing.id,
    await withStoredEvidence(context, editable.listing.id, {
      ...listingFormFromInput(editable.input),
      ...terms,
    }),
  );
  return {
    attributes: await attributeFormData(context, options),
    listing: editable.listing,
    values,
    dealsOffered: offered,
    fixedClassified: dealTermsKind(values, editable.listing) === "fixedClassified",
    images: otherImages(editable.images, values.images),
    evidence: evidenceSection(context, rules, values, editable.images, lockedEvidence(editable)),
    locks: editable.locks,
    options,
    minActivation: toPragueLocalInput(new Date()),
  };
}

const storedImages = (images: { ref: number | string; url: string }[]) =>
  images.map((image) => ({ ref: String(image.ref), url: image.url }));

/** The listing's photos but those in the evidence's slots. */
const otherImages = (images: { ref: number | string; url: string }[], refs: string[]) =>
  storedImages(images).filter((image) => refs.includes(image.ref));

/** After the first bid no photo may go: the evidence's stay in their slots too. */
const lockedEvidence = (editable: { images: { ref: number | string }[]; locks: { afterBid: boolean } }) =>
  editable.locks.afterBid ? editable.images.map((image) => String(image.ref)) : [];

export type EditActionData = {
  result: FormReply | null;
  values: ListingFormValues;
  images: { ref: string; url: string }[];
  /** The evidence's section as posted (the stored one when absent). */
  evidence?: EvidenceSectionProps;
  saved: boolean;
  message?: string;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const id = requirePathId(params.id);
  refuseLargePost(request, context);
  const editable = await services.listings.editable(user!.id, id, locale);
  if (!editable) throw data(null, { status: 404 });
  const stored = { ...listingFormFromInput(editable.input), ...(await storedDealTermsValues(context, id)) };
  const { form: posted, uploadErrors } = await readListingPost(request, context);
  const evidenceErrors = await stageEvidenceFiles(context, posted);
  const rules = await evidenceRules(context);
  // Disabled fields are not posted: the stored values stand in for them (the terms' too, after a bid).
  const form = editable.locks.afterBid ? withStoredDealTerms(posted, stored) : posted;
  const submission = parseForm(withLockedValues(form, stored, editable.locks), EditListingFormSchema, locale);
  const offered = await dealsOffered(context);
  const values = ListingFormValuesSchema.parse(submission.payload);
  // After the first bid the terms stand as they are (even none): nothing to check, nothing saved.
  const terms =
    offered && !editable.locks.afterBid
      ? checkDealTerms(context, values, dealTermsKind(values, editable.listing))
      : ({ ok: true, terms: null } as const);
  const termErrors = terms.ok ? {} : terms.errors;
  const answer = (result: FormReply | null, status: number, message?: string) => {
    const images = imageViews(services.listings, user!.id, values.images, editable.images);
    const evidence = evidenceSection(context, rules, values, editable.images, lockedEvidence(editable));
    return data<EditActionData>({ result, values, images, evidence, saved: false, message }, { status });
  };

  if (submission.status !== "success")
    return answer(
      submission.reply({
        fieldErrors: mergeErrors(submission.error, { images: uploadErrors }, termErrors, evidenceErrors),
      }) as FormReply,
      422,
    );
  if (submission.value.intent === "cancel") return cancelListing(context, id, editable);
  if (uploadErrors.length > 0 || !terms.ok || Object.keys(evidenceErrors).length > 0)
    return answer(
      submission.reply({
        fieldErrors: mergeErrors({ images: uploadErrors }, termErrors, evidenceErrors),
      }) as FormReply,
      422,
    );

  const { input } = submission.value;
  // The stored instants exactly (the form's wall clock has no seconds).
  if (editable.locks.released) {
    input.activationAt = editable.input.activationAt ?? null;
    input.duration = editable.input.duration ?? null;
  }
  const result = await services.listings.update(user!, id, input, locale);
  if (!result.ok && result.code === "not_found") throw data(null, { status: 404 });
  if (!result.ok && result.code === "invalid") {
    const fieldErrors = listingFormErrors(translateProblems(locale, result.details));
    return answer(submission.reply({ fieldErrors }) as FormReply, 422);
  }
  if (!result.ok)
    return answer(null, listingRefusalStatus(result.code), listingRefusalMessage(locale, result.code));
  // Deals off: the stored terms stay as they were (the section was not shown).
  if (offered && !editable.locks.afterBid) await saveDealTerms(context, id, terms.terms);
  const fresh = (await services.listings.editable(user!.id, id, locale))!;
  const saved = await withStoredAttributes(
    context,
    id,
    await withStoredEvidence(context, id, {
      ...listingFormFromInput(fresh.input),
      ...(await storedDealTermsValues(context, id)),
    }),
  );
  return {
    result: null,
    values: saved,
    images: otherImages(fresh.images, saved.images),
    evidence: evidenceSection(context, rules, saved, fresh.images, lockedEvidence(fresh)),
    saved: true,
  } satisfies EditActionData;
}

/** Cancels the listing (a listing with bids is refused, and the form shows why). */
async function cancelListing(
  context: Route.ActionArgs["context"],
  id: number,
  editable: {
    input: Parameters<typeof listingFormFromInput>[0];
    images: { ref: number | string; url: string }[];
  },
) {
  const { services, user, locale } = context.get(appContext);
  const result = await services.listings.cancel(user!, id, locale);
  if (!result.ok && result.code === "not_found") throw data(null, { status: 404 });
  if (!result.ok)
    return data<EditActionData>(
      {
        result: null,
        values: listingFormFromInput(editable.input),
        images: storedImages(editable.images),
        saved: false,
        message: listingRefusalMessage(locale, result.code),
      },
      { status: listingRefusalStatus(result.code) },
    );
  throw redirect(`${localePath("accountAdvertisements", locale)}?filter=cancelled`);
}

/** The button a pending post came from ("save" for an Enter in a field). */
const PendingIntent = z.object({ intent: z.enum(["save", "cancel"]).default("save") });

function useBusy() {
  const { locale } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.formData ? parseForm(navigation.formData, PendingIntent, locale) : null;
  const intent = pending?.status === "success" ? pending.value.intent : null;
  return (button: "save" | "cancel") => navigation.state !== "idle" && intent === button;
}

export default function EditListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { listing, locks } = loaderData;
  const result = actionData as EditActionData | undefined;
  return (
    <section data-testid="listing-edit-page" className="flex flex-col gap-6">
      <EditHeader listing={listing} />
      {!listing.actions.edit ? (
        <AccountSection id="not-editable" title={t("listings.edit.notEditableTitle")}>
          <p>{t("listings.edit.notEditableText")}</p>
        </AccountSection>
      ) : (
        <>
          <LockNotice locks={locks} />
          {result?.message ? (
            <p role="alert" className="rounded-lg bg-danger/10 px-4 py-3 text-danger">
              {result.message}
            </p>
          ) : null}
          <EditForm loaderData={loaderData} result={result} />
          {listing.actions.cancel ? <CancelListing /> : null}
        </>
      )}
    </section>
  );
}

function EditHeader({ listing }: { listing: Route.ComponentProps["loaderData"]["listing"] }) {
  const { t, locale } = useTranslation();
  return (
    <header>
      <Link
        to={localePath("accountAdvertisements", locale)}
        className="text-sm font-semibold text-primary-dark underline underline-offset-4"
      >
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
  );
}

/** Why some fields are disabled: a bid was placed, or the listing is out (paid or live). */
function LockNotice({ locks }: { locks: { afterBid: boolean; released: boolean } }) {
  const { t } = useTranslation();
  if (locks.afterBid)
    return (
      <div
        className="rounded-xl border border-secondary/50 bg-secondary/10 p-5"
        data-testid="edit-locked-bid"
      >
        <h2 className="font-serif text-xl text-[#6b5116]">{t("listings.edit.lockedAfterBidTitle")}</h2>
        <p className="mt-1 leading-relaxed">{t("listings.edit.lockedAfterBidText")}</p>
      </div>
    );
  if (locks.released)
    return (
      <p className="rounded-lg bg-primary/10 px-4 py-3 text-primary-dark" data-testid="edit-locked-released">
        {t("listings.edit.lockedReleasedText")}
      </p>
    );
  return null;
}

function EditForm({
  loaderData,
  result,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  result?: EditActionData;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  // Checked at the first sending (see add.tsx): the long form's buttons stay under the finger.
  const [form] = useSchemaForm(EditListingFormSchema, result?.result, { shouldValidate: "onSubmit" });
  const { locks } = loaderData;
  return (
    <>
      <FormErrorSummary show={form.status === "error"} message={t("listings.add.fixErrors")} />
      <Form
        method="post"
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-6"
        key={result ? JSON.stringify([result.values, result.saved]) : "stored"}
        data-testid="listing-form"
      >
        <ListingFormFields
          options={loaderData.options}
          values={result?.values ?? loaderData.values}
          images={result?.images ?? loaderData.images}
          errors={form.allErrors}
          locks={locks}
          lockedImages={locks.afterBid ? loaderData.images.map((image) => image.ref) : []}
          minActivation={loaderData.minActivation}
          uploadUrl={LISTING_IMAGE_UPLOAD_URL}
          dealTerms={
            loaderData.dealsOffered
              ? {
                  fixedClassified: loaderData.fixedClassified,
                  values: result?.values ?? loaderData.values,
                }
              : undefined
          }
          evidence={result?.evidence ?? loaderData.evidence}
          attributes={loaderData.attributes}
        />
        <div className="flex flex-wrap items-center justify-end gap-4">
          <SavedMessage message={result?.saved ? t("listings.form.saved") : null} />
          <SectionButton name="intent" value="save" busy={busy("save")}>
            {t("listings.form.save")}
          </SectionButton>
        </div>
      </Form>
    </>
  );
}

/** Cancelling a listing nobody has bid on, after a second confirmation. */
function CancelListing() {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
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
  );
}
