import pLimit from "p-limit";
import type { Problem } from "#core/contracts/errors.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";

/**
 * Limits every image upload shares (listing photos, avatars).
 *
 * Pixels: decoding costs time and memory by the pixel, not by the byte: a 116 KB PNG of 39.7
 * megapixels took 1.9 s of CPU to decode, eight at once 24 s and 243 MB. 25 megapixels is the
 * largest photo a phone makes by default (an iPhone's 24 MP mode is 5712 x 4284 = 24.5 MP; other
 * phones bin their 48-200 MP sensors to 12-12.5 MP), and 5000 x 5000 still leaves room for a
 * camera's crop. A listing photo is stored at 2560 px at most (6.5 MP) and an avatar at 256 px,
 * so more pixels only cost. The header says the size, so a bigger one is refused before decoding.
 *
 * Rate: 60 uploads per user in 10 minutes, photos and avatars together: five full listings of 12
 * photos, which a seller at work does not reach, while a script stops at a bounded cost.
 */
export const MAX_UPLOAD_PIXELS = 25_000_000;
export const UPLOADS_PER_WINDOW = 60;
export const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

/**
 * Uploads decoded at once in this process: two (one per core here); the others wait their turn.
 * A photo at the pixel limit takes about a second of CPU and some 100 MB to decode, so eight at
 * once (24 s of CPU and 243 MB with the old limit) would take both cores and the memory from
 * every page; in turn they cost the same CPU, spread out, and two photos' memory.
 */
export const UPLOAD_DECODES_AT_ONCE = 2;
export const decodeSlots = pLimit(UPLOAD_DECODES_AT_ONCE);

/** True when the image's header announces more pixels than an upload may have. */
export function hasTooManyPixels(meta: { width?: number; height?: number }): boolean {
  return (meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS;
}

/** The refusal of an image over the pixel limit, for the caller to translate (ADR 0068). */
export function tooManyPixelsProblem(): Problem {
  return { key: "errors.imageTooManyPixels", values: { mp: MAX_UPLOAD_PIXELS / 1_000_000 } };
}

export type UploadLimiter = {
  /** Counts one upload of the user; null when allowed, else the seconds until the next may come. */
  attempt(userId: number): Promise<number | null>;
};

/** One per process, shared by the listing and avatar services (services.ts). */
export function createUploadLimiter(now: () => number = Date.now): UploadLimiter {
  const limiter = new RateLimiter({
    name: "uploads",
    limit: UPLOADS_PER_WINDOW,
    windowMs: UPLOAD_WINDOW_MS,
    now,
  });
  return {
    async attempt(userId) {
      const key = String(userId);
      return (await limiter.attempt(key)) ? null : limiter.retryAfterSeconds(key);
    },
  };
}

/** The 429 refusal, with the wait in whole minutes, for the caller to translate (ADR 0068). */
export function tooManyUploadsProblem(retryAfterSeconds: number): Problem {
  return {
    key: "errors.tooManyUploads",
    values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
  };
}
