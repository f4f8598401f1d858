export { createImageVariants, type ImageVariants } from "./image-variants.ts";
export { imageVariantHandler, uploadsHandler } from "./routes.ts";
export {
  createUploadLimiter,
  decodeSlots,
  hasTooManyPixels,
  MAX_UPLOAD_PIXELS,
  tooManyPixelsProblem,
  tooManyUploadsProblem,
  type UploadLimiter,
} from "./uploads.ts";
