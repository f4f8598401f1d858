import { DISPUTE_FORM_MAX_BYTES, DISPUTE_PHOTOS_MAX } from "#core/contracts/deals.ts";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";

/**
 * The dispute photos of a deal page's post (/ucet/obchody/:dealId): the files the form sent, and
 * the refusal of a photo in the reader's language. The server checks each by its bytes; the
 * browser's word for the type is not trusted.
 */

/** Whether the request announces more than a message with its photos may carry (refused unread). */
export const tooLargeForDispute = (request: Request) =>
  Number(request.headers.get("content-length") ?? 0) > DISPUTE_FORM_MAX_BYTES;

/** The picked files as bytes (an empty file input sends one empty file: left out). */
export async function photosOf(form: FormData): Promise<Uint8Array[]> {
  const files = form
    .getAll("photos")
    .filter((entry): entry is File => entry instanceof File && entry.size > 0);
  // One over the limit is enough for the service to refuse; the rest is not read.
  return Promise.all(
    files.slice(0, DISPUTE_PHOTOS_MAX + 1).map(async (file) => new Uint8Array(await file.arrayBuffer())),
  );
}

const PROBLEM_KEYS: Record<string, MessageKey> = {
  tooLarge: "listings.errors.imageTooLarge",
  tooManyPixels: "errors.imageTooManyPixels",
  notImage: "listings.errors.imageType",
  empty: "listings.errors.imageType",
  heic: "listings.errors.imageHeic",
  tooMany: "dealPages.refusal.photosTooMany",
};

/** A refused photo's message; null when the refusal is not about photos. */
export function photoRefusal(
  locale: Locale,
  result: { ok: false; code: string; details?: unknown },
): string | null {
  const details = (result.details ?? {}) as { problem?: string; retryAfterSeconds?: number };
  if (result.code === "too_many_uploads")
    return translate(locale, "errors.tooManyUploads", {
      minutes: Math.max(1, Math.ceil((details.retryAfterSeconds ?? 60) / 60)),
    });
  if (result.code !== "invalid_photo") return null;
  const key = PROBLEM_KEYS[details.problem ?? ""] ?? "listings.errors.imageType";
  return translate(locale, key, { mb: 15, mp: 25, max: DISPUTE_PHOTOS_MAX });
}
