/**
 * URLs of resized image variants, shared by the pages (srcset) and the server (which parses them
 * back). Originals live under `/uploads/...` and never change in place (a new upload gets a new
 * name), so a variant is addressed by its original's path and cached forever:
 *
 *   /img/<width>/<path under uploads>   WebP, that many pixels wide (aspect kept)
 *   /img/og/<path under uploads>        JPEG, 1200 × 630, for Open Graph and JSON-LD (social
 *                                       networks reject SVG and WebP is not safe everywhere)
 *
 * Only a fixed set of widths exists, so nobody can make the server render (and store) endless
 * sizes. A src that is not an upload (an absolute URL, a bundled asset) passes through untouched.
 */

export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export const OG_IMAGE = { width: 1200, height: 630 } as const;

const UPLOADS_PREFIX = "/uploads/";
const VARIANT_PREFIX = "/img/";

/** Originals the server can decode; anything else (PDF documents, archives) has no variants. */
export const VARIANT_SOURCE_EXTENSIONS = [".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".avif"] as const;

export function isVariantWidth(value: number): value is VariantWidth {
  return (VARIANT_WIDTHS as readonly number[]).includes(value);
}

/**
 * A relative path below the uploads folder that cannot leave it: no empty, `.` or `..` segments, no
 * absolute or drive-letter start, no backslashes, NUL or other control characters. The server
 * still checks the resolved path (symbolic links); this is the cheap, shared first gate.
 */
export function isSafeRelativePath(relative: string): boolean {
  if (relative.length === 0 || relative.length > 512) return false;
  if (/[\\\p{Cc}]/u.test(relative)) return false;
  if (relative.startsWith("/") || /^[a-z]:/i.test(relative)) return false;
  return relative.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

function hasVariantExtension(relative: string): boolean {
  const lower = relative.toLowerCase();
  return VARIANT_SOURCE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** `/uploads/products/7/1.svg` -> `products/7/1.svg`; null for anything that has no variants. */
export function uploadsRelativePath(src: string): string | null {
  if (!src.startsWith(UPLOADS_PREFIX)) return null;
  const relative = src.slice(UPLOADS_PREFIX.length).split(/[?#]/, 1)[0];
  return isSafeRelativePath(relative) && hasVariantExtension(relative) ? relative : null;
}

function encodePath(relative: string): string {
  return relative.split("/").map(encodeURIComponent).join("/");
}

/** The variant of an original given by its URL (`/uploads/...`); other URLs come back unchanged. */
export function variantSrc(src: string, width: VariantWidth): string {
  const relative = uploadsRelativePath(src);
  return relative === null ? src : `${VARIANT_PREFIX}${width}/${encodePath(relative)}`;
}

/**
 * The variant of a stored image given as the database keeps it (product_images: path + file_name,
 * e.g. `/uploads/products/7` and `1.svg`).
 */
export function variantUrl(path: string, fileName: string, width: VariantWidth): string {
  return variantSrc(`${path.replace(/\/+$/, "")}/${fileName}`, width);
}

/**
 * A `srcset` with width descriptors over the given widths, or undefined when the src has no
 * variants (the img then just uses its src).
 */
export function srcSet(src: string, widths: readonly VariantWidth[] = VARIANT_WIDTHS): string | undefined {
  return variantSources(src, widths, widths[0] ?? VARIANT_WIDTHS[0]).srcSet;
}

/**
 * An img's `src` (the variant `width` wide) and `srcset` (as srcSet) from one check and encoding of
 * the path: a listing renders dozens of pictures (issue 18). Not an upload: `src` as it is, no srcset.
 */
export function variantSources(
  src: string,
  widths: readonly VariantWidth[],
  width: VariantWidth,
): { src: string; srcSet: string | undefined } {
  const relative = uploadsRelativePath(src);
  if (relative === null) return { src, srcSet: undefined };
  const encoded = encodePath(relative);
  let candidates = "";
  for (const candidate of widths)
    candidates += `${candidates ? ", " : ""}${VARIANT_PREFIX}${candidate}/${encoded} ${candidate}w`;
  return { src: `${VARIANT_PREFIX}${width}/${encoded}`, srcSet: candidates || undefined };
}

/** The 1200 × 630 JPEG for sharing (og:image, JSON-LD); other URLs come back unchanged. */
export function ogImageSrc(src: string): string {
  const relative = uploadsRelativePath(src);
  return relative === null ? src : `${VARIANT_PREFIX}og/${encodePath(relative)}`;
}

export type VariantRequest =
  | { kind: "width"; width: VariantWidth; relative: string }
  | { kind: "og"; relative: string };

/**
 * Reads a request path (`/img/480/products/7/1.svg`, still percent-encoded) back into what to
 * render; null for anything unknown or unsafe (an unknown width, `..%2f`, a PDF), which the server
 * answers with 404.
 */
export function parseVariantPath(pathname: string): VariantRequest | null {
  if (!pathname.startsWith(VARIANT_PREFIX)) return null;
  const rest = pathname.slice(VARIANT_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash < 0) return null;
  const spec = rest.slice(0, slash);
  let relative: string;
  try {
    relative = decodeURIComponent(rest.slice(slash + 1));
  } catch {
    return null;
  }
  if (!isSafeRelativePath(relative) || !hasVariantExtension(relative)) return null;
  if (spec === "og") return { kind: "og", relative };
  if (!/^[1-9]\d{0,4}$/.test(spec)) return null;
  const width = Number(spec);
  return isVariantWidth(width) ? { kind: "width", width, relative } : null;
}
