import { z } from "zod";
import {
  EVIDENCE_SLOTS,
  type EvidenceSlot,
  FILL_LEVELS,
  type FillLevel,
} from "../contracts/listing-evidence.ts";

/**
 * A listing's evidence of authenticity as the seller submits it (issue 36, item 3): the API's
 * `evidence` of a listing (core/schemas/listing.ts) and the listing form's section "Důkazy
 * pravosti". A slot names one of the listing's photos by its ref, as `images` does: the id of a
 * stored photo or the token of a staged upload; the service checks that it is one of the listing's
 * `images` and keeps the photo there (a slot's photo is a photo of the listing, never a copy).
 */

/** A photo's ref (listing.ts's ImageRef, repeated: that file imports this one). */
const EvidenceRef = z.union([
  z.number().int().positive().max(2_147_483_647),
  z.string().regex(/^upl_[0-9a-f]{32}$/, "listings.errors.imageUnknown"),
]);

export const ListingEvidenceInputSchema = z
  .object({
    photos: z.partialRecord(z.enum(EVIDENCE_SLOTS), EvidenceRef).default({}).meta({
      description:
        "Slot -> one of this listing's images (a ref also given in images): front_label, back_label, capsule_seal, fill_level, batch_code, box",
    }),
    fillLevel: z
      .enum(FILL_LEVELS, { error: "listingEvidence.errors.fillLevel" })
      .nullish()
      .meta({ description: "The fill level on the collectors' scale (in_neck ... low_shoulder)" }),
  })
  .meta({
    description:
      "Evidence of authenticity of a spirit: required for a spirits auction above the threshold setting (capsule_seal, fill_level and batch_code photos and a fillLevel). Absent on edit: the stored evidence stays.",
  });
export type ListingEvidenceInput = z.infer<typeof ListingEvidenceInputSchema>;

/** The form's field of a slot's photo ref: `evidence_capsule_seal`… (flat: the form posts it as is). */
export type EvidenceField = `evidence_${EvidenceSlot}`;
export const evidenceField = (slot: EvidenceSlot): EvidenceField => `evidence_${slot}`;
/** The form's field of a slot's file picked without scripts (staged by the page's action). */
export const evidenceFileField = (slot: EvidenceSlot) => `evidenceFile_${slot}`;

const text = z.string().default("");

/** The section's fields as typed: each slot's photo ref, and the fill level. */
export const EvidenceFormValuesSchema = z.object({
  ...(Object.fromEntries(EVIDENCE_SLOTS.map((slot) => [evidenceField(slot), text])) as Record<
    EvidenceField,
    typeof text
  >),
  fillLevel: text,
});
export type EvidenceFormValues = z.infer<typeof EvidenceFormValuesSchema>;

/** The files of the slots picked without scripts: posted with the form, staged by the page's action. */
export const EvidenceUploadsSchema = z.object(
  Object.fromEntries(
    EVIDENCE_SLOTS.map((slot) => [
      evidenceFileField(slot),
      z.preprocess(
        (value) => [value ?? []].flat().find((file) => file instanceof File && file.size > 0) ?? null,
        z.instanceof(File).nullable(),
      ),
    ]),
  ) as Record<string, z.ZodType<File | null>>,
);

const refOf = (raw: string) => (/^\d+$/.test(raw) ? Number(raw) : raw);

/** The section's values as the API's evidence, and the refs it adds to the listing's photos. */
export function evidenceFromForm(values: Partial<EvidenceFormValues>): {
  evidence: ListingEvidenceInput;
  refs: (number | string)[];
} {
  const photos: ListingEvidenceInput["photos"] = {};
  for (const slot of EVIDENCE_SLOTS) {
    const raw = values[evidenceField(slot)]?.trim();
    if (raw) photos[slot] = refOf(raw) as never;
  }
  const level = values.fillLevel?.trim();
  return {
    evidence: { photos, fillLevel: level ? (level as FillLevel) : null },
    refs: [...new Set(Object.values(photos))],
  };
}

/** The stored evidence as the section's values (the edit page). */
export function evidenceFormValues(
  stored: { photos: Partial<Record<EvidenceSlot, number>>; fillLevel: FillLevel | null } | null,
): EvidenceFormValues {
  const values = EvidenceFormValuesSchema.parse({});
  if (!stored) return values;
  for (const slot of EVIDENCE_SLOTS) {
    const id = stored.photos[slot];
    if (id) values[evidenceField(slot)] = String(id);
  }
  values.fillLevel = stored.fillLevel ?? "";
  return values;
}

/**
 * The form's field of an input's problem about the evidence (`evidence.photos.capsule_seal` is
 * `evidence_capsule_seal`, `evidence.fillLevel` is `fillLevel`); null for other fields.
 */
export function evidenceFormFieldOf(inputField: string): string | null {
  const [head, part, slot] = inputField.split(".");
  if (head !== "evidence") return null;
  if (part === "photos" && slot && (EVIDENCE_SLOTS as readonly string[]).includes(slot))
    return evidenceField(slot as EvidenceSlot);
  return part === "fillLevel" ? "fillLevel" : "evidence";
}
