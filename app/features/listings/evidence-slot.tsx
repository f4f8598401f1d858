import { useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "#app/ui/feedback/use-hydrated.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { EvidenceSlot } from "#core/contracts/listing-evidence.ts";
import { evidenceField, evidenceFileField } from "#core/schemas/listing-evidence.ts";
import { type ManagedImage, useImageUploads } from "./use-image-uploads.ts";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";

/**
 * One slot of the evidence of authenticity: its label and one-line hint, the photo in it (a hidden
 * `evidence_<slot>` field with its ref), and a drop zone. With scripts a picked or dropped file is
 * uploaded at once to the listing photos' API (checked and staged as any listing photo); without
 * them the file field travels with the form and the page's action stages it.
 */
export function EvidenceSlotField({
  slot,
  initial,
  required,
  locked,
  errors,
  uploadUrl,
}: {
  slot: EvidenceSlot;
  initial: ManagedImage | null;
  /** The note that an auction above the threshold needs this slot, or null. */
  required: string | null;
  /** After the first bid a photo in the slot stays (it may still be added to an empty slot). */
  locked: boolean;
  errors?: string[];
  uploadUrl: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const [photo, setPhoto] = useState<ManagedImage | null>(initial);
  const { uploads, problems, uploadFiles } = useImageUploads(uploadUrl, (ready) =>
    setPhoto(ready[0] ?? null),
  );
  const messages = [...(errors ?? []), ...problems];
  return (
    <li
      className="flex flex-col gap-2"
      data-testid={`evidence-slot-${slot}`}
      data-filled={photo ? "" : undefined}
    >
      <div>
        <p className="font-semibold" id={`${id}-label`}>
          {t(`listingEvidence.slot.${slot}`)}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t(`listingEvidence.hint.${slot}`)}
        </p>
        {required ? <p className="text-xs font-semibold text-[#6b5116]">{required}</p> : null}
      </div>
      {photo ? <input type="hidden" name={evidenceField(slot)} value={photo.ref} /> : null}
      <SlotDropZone
        slot={slot}
        id={id}
        photo={photo}
        locked={locked}
        uploading={uploads.length > 0}
        invalid={messages.length > 0}
        onFiles={(files) => {
          if (files.length > 0) void uploadFiles(files.slice(0, 1), 1);
        }}
      />
      {hydrated && photo && !locked ? (
        <button
          type="button"
          onClick={() => setPhoto(null)}
          className="self-start text-sm text-danger underline underline-offset-4"
          data-testid={`evidence-remove-${slot}`}
        >
          {t("listingEvidence.form.remove")}
        </button>
      ) : null}
      {messages.length > 0 ? (
        <p id={`${id}-error`} className="text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </li>
  );
}

/** The slot's drop zone: its photo, a file picker files may be dropped on; without scripts a plain file field. */
function SlotDropZone({
  slot,
  id,
  photo,
  locked,
  uploading,
  invalid,
  onFiles,
}: {
  slot: EvidenceSlot;
  id: string;
  photo: ManagedImage | null;
  locked: boolean;
  uploading: boolean;
  invalid: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [dropActive, setDropActive] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fixed = locked && photo !== null;
  const label = t(`listingEvidence.slot.${slot}`);
  return (
    <label
      onDragOver={(event) => {
        event.preventDefault();
        setDropActive(true);
      }}
      onDragLeave={() => setDropActive(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDropActive(false);
        if (!fixed) onFiles([...event.dataTransfer.files]);
      }}
      className={`relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 overflow-hidden rounded-xl border-2 border-dashed text-center transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-dark ${
        dropActive ? "border-primary-dark bg-primary-dark/5" : "border-line bg-light/60 hover:border-primary"
      } ${invalid ? "border-danger" : ""}`}
      data-testid={`evidence-drop-${slot}`}
    >
      {photo ? (
        <ResponsiveImage
          src={photo.url}
          alt={label}
          width={320}
          height={240}
          widths={[160, 320, 480]}
          sizes="(min-width: 768px) 220px, 45vw"
          className="absolute inset-0 size-full object-cover"
          draggable={false}
        />
      ) : null}
      <SlotAction filled={photo !== null} fixed={fixed} uploading={uploading} label={label} />
      <input
        ref={input}
        type="file"
        name={evidenceFileField(slot)}
        accept={ACCEPT}
        disabled={fixed}
        onChange={
          hydrated
            ? () => {
                const files = [...(input.current?.files ?? [])];
                if (input.current) input.current.value = "";
                onFiles(files);
              }
            : undefined
        }
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
        aria-invalid={invalid ? true : undefined}
        className={hydrated ? "sr-only" : "relative z-10 mt-2 block max-w-full text-sm"}
        data-testid={`evidence-input-${slot}`}
      />
    </label>
  );
}

/** What a click on the slot does: add a photo, replace it, or (fixed after a bid) just its name. */
function SlotAction({
  filled,
  fixed,
  uploading,
  label,
}: {
  filled: boolean;
  fixed: boolean;
  uploading: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const text = uploading
    ? t("listingEvidence.form.uploading")
    : !filled
      ? `+ ${t("listingEvidence.form.add")}`
      : fixed
        ? label
        : t("listingEvidence.form.replace");
  return (
    <span
      className={`relative z-10 px-2 py-1 text-sm font-semibold text-primary-dark ${filled ? "rounded bg-white/90 shadow" : ""}`}
    >
      {text}
    </span>
  );
}
