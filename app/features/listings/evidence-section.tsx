import { useTranslation } from "#app/i18n/use-translation.ts";
import { FillLevelDrawing } from "#app/ui/fill-level/fill-level-drawing.tsx";
import {
  EVIDENCE_SLOTS,
  type EvidenceFormRules,
  FILL_LEVELS,
  REQUIRED_EVIDENCE_SLOTS,
} from "#core/contracts/listing-evidence.ts";
import { formatPrice } from "#core/money/money.ts";
import { type EvidenceFormValues, evidenceField } from "#core/schemas/listing-evidence.ts";
import { EvidenceSlotField } from "./evidence-slot.tsx";
import { Errors, Section } from "./listing-form-parts.tsx";
import type { ListingChoices, ListingFormErrors } from "./listing-form-types.ts";
import type { ManagedImage } from "./use-image-uploads.ts";

/** The threshold in whole crowns: "5 000 Kč". */
const WHOLE_CZK = { code: "CZK", rate: 1, decimals: 0 } as const;

/** What the page hands the section: the rules (the spirits' categories, the threshold), the slots' photos. */
export type EvidenceSectionProps = {
  rules: EvidenceFormRules;
  values: Partial<EvidenceFormValues>;
  /** The photos the slots' refs name (stored or staged), for their thumbnails. */
  photos: ManagedImage[];
  /** Refs that may not leave their slot (after the first bid). */
  locked?: string[];
};

/**
 * "Důkazy pravosti" (issue 36, item 3): for a spirit, the six photo slots and the fill level on
 * the collectors' scale, each level a radio card with its drawing. With scripts it shows once the
 * chosen category is a spirit's; without them it always shows, saying it is for spirits only.
 */
export function EvidenceSection({
  evidence,
  choices,
  errors,
  show,
  uploadUrl,
}: {
  evidence: EvidenceSectionProps;
  choices: ListingChoices;
  errors: ListingFormErrors;
  show: (applies: boolean) => boolean;
  uploadUrl: string;
}) {
  const { t, locale } = useTranslation();
  const spirits = new Set(evidence.rules.spiritCategoryIds);
  const spirit = [choices.subcategory, choices.category].some((id) => id !== "" && spirits.has(Number(id)));
  if (spirits.size === 0 || !show(spirit && choices.type !== "demand")) return null;
  const threshold = formatPrice(evidence.rules.auctionThresholdMinor, WHOLE_CZK, { convert: false, locale });
  const photos = new Map(evidence.photos.map((photo) => [photo.ref, photo]));
  const locked = new Set(evidence.locked ?? []);
  return (
    <Section title={t("listingEvidence.form.title")} testId="evidence">
      <div className="flex flex-col gap-2">
        <p className="text-muted">{t("listingEvidence.form.lead")}</p>
        {show(false) ? <p className="text-sm text-muted">{t("listingEvidence.form.spiritsOnly")}</p> : null}
        <p className="rounded-lg bg-secondary/10 px-4 py-3 text-sm" data-testid="evidence-required-note">
          {t("listingEvidence.form.required", { threshold })}
        </p>
      </div>
      <ul className="grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3" data-testid="evidence-slots">
        {EVIDENCE_SLOTS.map((slot) => {
          const ref = evidence.values[evidenceField(slot)] ?? "";
          return (
            <EvidenceSlotField
              key={slot}
              slot={slot}
              initial={photos.get(ref) ?? null}
              required={
                (REQUIRED_EVIDENCE_SLOTS as readonly string[]).includes(slot)
                  ? t("listingEvidence.form.requiredBadge", { threshold })
                  : null
              }
              locked={locked.has(ref)}
              errors={errors[evidenceField(slot)]}
              uploadUrl={uploadUrl}
            />
          );
        })}
      </ul>
      <FillLevelChoice value={evidence.values.fillLevel ?? ""} errors={errors.fillLevel} />
      <Errors id="evidence-error" messages={errors.evidence} />
    </Section>
  );
}

/** The fill level as radio cards, each with its drawing; "not stated" first. */
function FillLevelChoice({ value, errors }: { value: string; errors?: string[] }) {
  const { t } = useTranslation();
  const card =
    "flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-line p-2 text-center text-sm transition hover:border-primary has-[:checked]:border-primary-dark has-[:checked]:bg-primary-dark/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-dark";
  return (
    <fieldset
      aria-describedby={`fill-level-hint${errors?.length ? " fill-level-error" : ""}`}
      data-testid="fill-level"
    >
      <legend className="font-medium">{t("listingEvidence.form.fillLevelLegend")}</legend>
      <p id="fill-level-hint" className="text-sm text-muted">
        {t("listingEvidence.form.fillLevelHint")}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2 tablet:grid-cols-4">
        <label className={`${card} justify-center`}>
          <input
            type="radio"
            name="fillLevel"
            value=""
            defaultChecked={value === ""}
            className="size-4 accent-primary-dark"
            data-testid="fillLevel-none"
          />
          <span>{t("listingEvidence.form.fillLevelNone")}</span>
        </label>
        {FILL_LEVELS.map((level) => (
          <label key={level} className={card}>
            <FillLevelDrawing level={level} className="h-24 w-16" />
            <span className="flex items-start gap-1.5">
              <input
                type="radio"
                name="fillLevel"
                value={level}
                defaultChecked={value === level}
                className="mt-0.5 size-4 shrink-0 accent-primary-dark"
                data-testid={`fillLevel-${level}`}
              />
              <span className="leading-tight">{t(`listingEvidence.fillLevel.${level}`)}</span>
            </span>
          </label>
        ))}
      </div>
      <Errors id="fill-level-error" messages={errors} />
    </fieldset>
  );
}
