import sharp from "sharp";
import {
  OG_IMAGE,
  parseVariantPath,
  type VariantRequest,
  type VariantWidth,
} from "#core/web/image-variants.ts";
import { isObjectKey, type ObjectStorage } from "#server/lib/object-storage.ts";
import type { Logger } from "#server/logger.ts";

/**
 * Resized variants of uploaded images (see core/web/image-variants.ts for the URLs): rendered with
 * sharp on first request, stored under cache/images in the storage (ADR 0094: DATA_DIR/cache/images
 * or the bucket) and served from there afterwards.
 * Uploads are written once and never replaced in place, so a variant stays valid as long as its
 * original; an original that is newer than its variant (restored from a backup, say) still gets a
 * fresh one.
 */

/** Larger inputs (decompression bombs, camera RAW dumps) are refused before decoding. */
export const MAX_INPUT_BYTES = 25 * 1024 * 1024;
/** About 40 megapixels: a phone photo fits, a crafted 100 000² PNG does not reach the decoder's memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Renders at once; more wait. Keeps a cold page of 24 new cards from taking every core. */
const MAX_PARALLEL_RENDERS = 2;

/**
 * The warm off-white (theme colour "light", docs/product/screens.md, "Design constants"), behind
 * pictures that do not fill the share card.
 */
const OG_BACKGROUND = "#f7f3ec";
/** Sources whose shape is this close to 1200 × 630 fill the card (cropped a little); others sit inside it. */
const OG_COVER_TOLERANCE = 0.2;
const OG_MARGIN = 40;

export type Variant = { key: string; contentType: "image/webp" | "image/jpeg" };

export type ImageVariants = {
  /** The variant for a request path (`/img/...`), rendered if needed; null when there is none to give. */
  forPath(pathname: string): Promise<Variant | null>;
  get(request: VariantRequest): Promise<Variant | null>;
};

class NotAvailable extends Error {}

export function createImageVariants(options: { storage: ObjectStorage; logger: Logger }): ImageVariants {
  const { storage, logger } = options;
  /** Renders in flight, by variant key: concurrent first requests for one variant share one render. */
  const inFlight = new Map<string, Promise<void>>();
  const limit = createLimiter(MAX_PARALLEL_RENDERS);

  async function get(request: VariantRequest): Promise<Variant | null> {
    const spec = request.kind === "og" ? "og" : String(request.width);
    const extension = request.kind === "og" ? ".jpg" : ".webp";
    const contentType = request.kind === "og" ? "image/jpeg" : "image/webp";
    const source = `uploads/${request.relative}`;
    const target = `cache/images/${spec}/${request.relative}${extension}`;
    if (!isObjectKey(source) || !isObjectKey(target)) return null;
    try {
      const original = await storage.head(source);
      if (!original) return null;
      const cached = await storage.head(target);
      if (cached && cached.lastModified >= original.lastModified) return { key: target, contentType };
      if (original.size > MAX_INPUT_BYTES) return null;

      let render = inFlight.get(target);
      if (!render) {
        render = limit(() => renderVariant(storage, source, request, target)).finally(() =>
          inFlight.delete(target),
        );
        inFlight.set(target, render);
      }
      await render;
    } catch (error) {
      if (!(error instanceof NotAvailable))
        logger.warn({ err: error, image: request.relative }, "image variant failed");
      return null;
    }
    return { key: target, contentType };
  }

  return {
    get,
    forPath(pathname) {
      const request = parseVariantPath(pathname);
      return request ? get(request) : Promise.resolve(null);
    },
  };
}

async function renderVariant(
  storage: ObjectStorage,
  source: string,
  request: VariantRequest,
  target: string,
): Promise<void> {
  const input = await storage.read(source);
  if (!input || input.length > MAX_INPUT_BYTES) throw new NotAvailable();
  // A buffer, not the file path: librsvg then has no base location, so an SVG cannot pull in other
  // files from the disk through <image href>.
  const probe = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const isVector = probe.format === "svg";
  if (!probe.width || !probe.height) throw new NotAvailable();

  const output =
    request.kind === "og"
      ? await renderShareCard(input, probe.width, probe.height, isVector)
      : await renderWidth(input, probe.width, isVector, request.width);

  // The storage writes whole objects (a reader never sees half a file), and two processes
  // rendering the same variant both end with a whole one under the same key.
  await storage.put(target, output, { contentType: request.kind === "og" ? "image/jpeg" : "image/webp" });
}

/**
 * The density that rasterises a vector at the given scale (sharp reads SVG at 72 DPI), so the
 * pixels are drawn at the size asked for instead of being scaled up from a small bitmap.
 */
function vectorOptions(isVector: boolean, scale: number) {
  return isVector
    ? { limitInputPixels: MAX_INPUT_PIXELS, density: Math.min(2400, Math.max(1, 72 * scale)) }
    : { limitInputPixels: MAX_INPUT_PIXELS };
}

async function renderWidth(
  input: Buffer,
  sourceWidth: number,
  isVector: boolean,
  width: VariantWidth,
): Promise<Buffer> {
  return (
    sharp(input, vectorOptions(isVector, width / sourceWidth))
      .autoOrient()
      // A photo is never blown up past its own pixels (the browser scales it as well as we would);
      // a vector is drawn at any size.
      .resize({ width, withoutEnlargement: !isVector })
      // Effort 2 of 6: files 5-10 % larger than with the default 4, rendered two to three times
      // faster, which is what a visitor waiting for a cold variant notices.
      .webp({ quality: 82, alphaQuality: 90, effort: 2 })
      .toBuffer()
  );
}

async function renderShareCard(
  input: Buffer,
  sourceWidth: number,
  sourceHeight: number,
  isVector: boolean,
): Promise<Buffer> {
  const { width, height } = OG_IMAGE;
  const ratio = sourceWidth / sourceHeight / (width / height);
  if (Math.abs(ratio - 1) <= OG_COVER_TOLERANCE) {
    const scale = Math.max(width / sourceWidth, height / sourceHeight);
    return sharp(input, vectorOptions(isVector, scale))
      .autoOrient()
      .resize({ width, height, fit: "cover" })
      .flatten({ background: OG_BACKGROUND })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer();
  }
  // A bottle (tall) or a panorama (wide) sits whole on the off-white card with a margin.
  const boxWidth = width - 2 * OG_MARGIN;
  const boxHeight = height - 2 * OG_MARGIN;
  const scale = Math.min(boxWidth / sourceWidth, boxHeight / sourceHeight);
  const picture = await sharp(input, vectorOptions(isVector, scale))
    .autoOrient()
    .resize({ width: boxWidth, height: boxHeight, fit: "inside" })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: OG_BACKGROUND } })
    .composite([{ input: picture, gravity: "centre" }])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}

/** At most `size` tasks run at once; the rest start in order as earlier ones finish. */
function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
