import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { CONTENT_IMAGE_MAX_BYTES, DOCUMENT_MAX_BYTES } from "#core/schemas/admin-content.ts";
import { isObjectKey, type ObjectStorage } from "#server/lib/object-storage.ts";
import { decodeSlots, hasTooManyPixels, MAX_UPLOAD_PIXELS } from "../media/index.ts";

/**
 * The files the back office uploads: banner and blog cover images, and PDF documents. What the
 * browser says a file is never counts: an image must decode as JPEG, PNG or WebP within the upload
 * pixel limit every upload shares (media/uploads.ts) and is re-encoded (nothing but its pixels
 * survives: no EXIF, no script an SVG could carry); a document must start with the PDF signature.
 * Both are stored under DATA_DIR/uploads under a new random name and served from /uploads.
 */

export type ContentFileProblem = "empty" | "tooLarge" | "tooManyPixels" | "notImage" | "notPdf";

/** The widest a banner or cover is drawn (a 1200 px promo at twice the density). */
const IMAGE_MAX_WIDTH = 2400;
const ACCEPTED_IMAGE_FORMATS = new Set(["jpeg", "png", "webp"]);
const PDF_SIGNATURE = Buffer.from("%PDF-");

/** An uploaded image as WebP, or why it was refused. */
export async function renderContentImage(
  input: Uint8Array,
): Promise<{ webp: Buffer } | { problem: ContentFileProblem }> {
  if (input.byteLength === 0) return { problem: "empty" };
  if (input.byteLength > CONTENT_IMAGE_MAX_BYTES) return { problem: "tooLarge" };
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { problem: "notImage" };
  }
  if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format)) return { problem: "notImage" };
  if (hasTooManyPixels(meta)) return { problem: "tooManyPixels" };
  try {
    const webp = await decodeSlots(() =>
      sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer(),
    );
    return { webp };
  } catch {
    return { problem: "notImage" };
  }
}

/** A PDF's bytes checked by their signature (in the first kilobyte, as readers accept) and size. */
export function checkPdf(input: Uint8Array): ContentFileProblem | null {
  if (input.byteLength === 0) return "empty";
  if (input.byteLength > DOCUMENT_MAX_BYTES) return "tooLarge";
  const head = Buffer.from(input.buffer, input.byteOffset, Math.min(input.byteLength, 1024));
  return head.indexOf(PDF_SIGNATURE) === -1 ? "notPdf" : null;
}

/** A file name a visitor downloads: letters, digits, dots and dashes, ending in .pdf. */
export function downloadName(original: string): string {
  const base = path
    .basename(original)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\.pdf$/i, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 80);
  return `${base || "dokument"}.pdf`;
}

/** Content files under uploads/<folder> in the storage (ADR 0094), served from /uploads/<folder>. */
export function createContentFileStore(storage: ObjectStorage) {
  return {
    /** Stores an image under a new random name; returns its URL folder and name. */
    async saveImage(folder: "banners" | "blog", webp: Buffer) {
      const name = `${randomBytes(16).toString("hex")}.webp`;
      await storage.put(`uploads/${folder}/${name}`, webp, { contentType: "image/webp" });
      return { path: `/uploads/${folder}`, image: name };
    },
    /** Stores a PDF in a folder of its own (the visitor downloads it by its own name). */
    async savePdf(bytes: Uint8Array, original: string) {
      const folder = `documents/${randomBytes(8).toString("hex")}`;
      const fileName = downloadName(original);
      await storage.put(`uploads/${folder}/${fileName}`, bytes, { contentType: "application/pdf" });
      return { filePath: `/uploads/${folder}/${fileName}`, fileName };
    },
    /** Removes a file the store wrote, by its URL; anything outside /uploads is left alone. */
    async remove(url: string | null | undefined) {
      if (!url?.startsWith("/uploads/")) return;
      const key = url.slice(1);
      if (isObjectKey(key)) await storage.delete(key);
    },
  };
}

export type ContentFileStore = ReturnType<typeof createContentFileStore>;
