import type { Context } from "hono";
import { contentTypeOf, isObjectKey, type ObjectStorage } from "#server/lib/object-storage.ts";
import type { ImageVariants } from "./image-variants.ts";

/** A variant's URL names its original, and originals never change in place: cache it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Uploads (photos, avatars, banners, documents) as the static file server always sent them. */
const UPLOAD_CACHE = "public, max-age=86400";
/** The sandbox keeps an SVG from ever running script on our origin. */
const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * A signed URL lives an hour (S3_SIGNED_URLS, ADR 0094); the redirect to it is cached for ten
 * minutes, so a cached redirect never points at an expired signature.
 */
export const SIGNED_URL_SECONDS = 3600;
const REDIRECT_CACHE = "public, max-age=600";

/** The object's bytes as the answer (streamed), or a redirect to its signed URL. */
async function answerWith(
  c: Context,
  storage: ObjectStorage,
  key: string,
  headers: { contentType: string; cacheControl: string; csp?: string },
): Promise<Response | null> {
  if (storage.signedUrl) {
    // The object must exist: a redirect to a 404 of the bucket would be cached for ten minutes.
    if (!(await storage.head(key))) return null;
    const url = await storage.signedUrl(key, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      contentType: headers.contentType,
    });
    c.header("Cache-Control", REDIRECT_CACHE);
    return c.redirect(url, 302);
  }
  const object = await storage.get(key);
  if (!object) return null;
  c.header("Content-Type", headers.contentType);
  c.header("Cache-Control", headers.cacheControl);
  if (headers.csp) c.header("Content-Security-Policy", headers.csp);
  c.header("Content-Length", String(object.size));
  c.header("Last-Modified", object.lastModified.toUTCString());
  if (c.req.method === "HEAD") {
    await object.body.cancel();
    return c.body(null);
  }
  return c.body(object.body);
}

/**
 * GET /img/<width|og>/<path under uploads>: the variant's bytes, or a bare 404 for an unknown
 * width, an unsafe or missing path, or an original that is not an image. The 404 is short-lived in
 * caches because the original may be uploaded a moment later. (Hono answers HEAD from this GET
 * handler without the body.)
 */
export function imageVariantHandler(variants: ImageVariants, storage: ObjectStorage) {
  return async (c: Context) => {
    // The raw (still percent-encoded) path: the parser decodes it once and checks every segment.
    const variant = await variants.forPath(new URL(c.req.url).pathname);
    const answer = variant
      ? await answerWith(c, storage, variant.key, {
          contentType: variant.contentType,
          cacheControl: IMMUTABLE,
        })
      : null;
    if (!answer) {
      c.header("Cache-Control", "public, max-age=60");
      return c.text("Not Found", 404);
    }
    return answer;
  };
}

/**
 * GET /uploads/<path>: an uploaded file from the storage (ADR 0094), with the headers the static
 * file server gave it. Only uploads/ is public: the dispute photos under private/ are read through
 * their service. A missing file falls through to the next handler (the site's 404 page).
 */
export function uploadsHandler(storage: ObjectStorage) {
  return async (c: Context, next: () => Promise<void>) => {
    let key: string;
    try {
      key = decodeURIComponent(new URL(c.req.url).pathname).slice(1);
    } catch {
      return next();
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (!key.startsWith("uploads/") || !isObjectKey(key)) return next();
    const answer = await answerWith(c, storage, key, {
      contentType: contentTypeOf(key),
      cacheControl: UPLOAD_CACHE,
      csp: UPLOAD_CSP,
    });
    return answer ?? next();
  };
}
