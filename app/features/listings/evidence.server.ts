import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { EVIDENCE_SLOTS } from "#core/contracts/listing-evidence.ts";
import {
  type EvidenceFormValues,
  EvidenceUploadsSchema,
  evidenceField,
  evidenceFileField,
  evidenceFormValues,
} from "#core/schemas/listing-evidence.ts";
import type { ListingFormValues } from "#core/schemas/listing-form.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { EvidenceSectionProps } from "./evidence-section.tsx";
import { imageViews } from "./listing-post.server.ts";

/**
 * The listing form's evidence of authenticity on the server (issue 36, item 3): the section's
 * rules, the slots' files picked without scripts staged as the upload API stages them, the slots'
 * thumbnails, and the stored evidence split off the listing's photos for the edit page. The rule
 * itself is the listings' submission's (its hook, server/modules/listing-evidence): the page only
 * shows what the service answers.
 */

const readContext = (context: Readonly<RouterContextProvider>) => context.get(appContext);
type Photo = { ref: number | string; url: string };

/** The section's rules: the spirits' categories and the threshold (the `authenticityEvidence` setting). */
export function evidenceRules(context: Readonly<RouterContextProvider>) {
  return readContext(context).services.listings.evidence.formRules();
}

/**
 * Stages the slots' files posted without scripts (each becomes its slot's ref); what a file was
 * refused for comes back under its slot's field.
 */
export async function stageEvidenceFiles(
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<Record<string, string[]>> {
  const { services, user, locale } = readContext(context);
  const uploads = parseForm(form, EvidenceUploadsSchema, locale);
  const errors: Record<string, string[]> = {};
  for (const slot of EVIDENCE_SLOTS) {
    const file = uploads.status === "success" ? (uploads.value[evidenceFileField(slot)] ?? null) : null;
    form.delete(evidenceFileField(slot));
    if (!file) continue;
    const staged = await services.listings.stageImage(user!.id, new Uint8Array(await file.arrayBuffer()));
    if (staged.ok) form.set(evidenceField(slot), staged.value.token);
    else {
      const problems = staged.code === "limited" ? staged.details.problems : staged.details;
      errors[evidenceField(slot)] = translateProblems(locale, problems).image ?? [];
    }
  }
  return errors;
}

/** The slots' refs of the form's values. */
const slotRefs = (values: Partial<EvidenceFormValues>) =>
  EVIDENCE_SLOTS.map((slot) => values[evidenceField(slot)] ?? "").filter((ref) => ref !== "");

/** The section's props for the form's values: the slots' thumbnails from the staged uploads and the listing's photos. */
export function evidenceSection(
  context: Readonly<RouterContextProvider>,
  rules: EvidenceSectionProps["rules"],
  values: Partial<EvidenceFormValues>,
  existing: Photo[] = [],
  locked: string[] = [],
): EvidenceSectionProps {
  const { services, user } = readContext(context);
  return {
    rules,
    values,
    photos: imageViews(services.listings, user!.id, slotRefs(values), existing),
    locked,
  };
}

/**
 * The edit page's values with the stored evidence: its slots and fill level filled in, and its
 * photos taken out of the listing's photos (they show in their slots, and go back with them).
 */
export async function withStoredEvidence<T extends ListingFormValues>(
  context: Readonly<RouterContextProvider>,
  productId: number,
  values: T,
): Promise<T> {
  const stored = evidenceFormValues(
    await readContext(context).services.listings.evidence.evidenceOf(productId),
  );
  const inSlots = new Set(slotRefs(stored));
  return { ...values, ...stored, images: values.images.filter((ref) => !inSlots.has(ref)) };
}
