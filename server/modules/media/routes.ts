import fs from "node:fs/promises";
import type { Context } from "hono";
import type { ImageVariants } from "./image-variants.ts";

/** A variant's URL names its original, and originals never change in place: cache it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /img/<width|og>/<path under uploads>: the variant's bytes, or a bare 404 for an unknown
 * width, an unsafe or missing path, or an original that is not an image. The 404 is short-lived in
 * caches because the original may be uploaded a moment later. (Hono answers HEAD from this GET
 * handler without the body.)
 */
export function imageVariantHandler(variants: ImageVariants) {
  return async (c: Context) => {
    // The raw (still percent-encoded) path: the parser decodes it once and checks every segment.
    const variant = await variants.forPath(new URL(c.req.url).pathname);
    if (!variant) {
      c.header("Cache-Control", "public, max-age=60");
      return c.text("Not Found", 404);
    }
    const body = await fs.readFile(variant.file).catch(() => null);
    if (!body) return c.text("Not Found", 404);
    c.header("Content-Type", variant.contentType);
    c.header("Cache-Control", IMMUTABLE);
    c.header("Content-Length", String(body.length));
    return c.body(new Uint8Array(body));
  };
}
