export { createImageVariants, type ImageVariants } from "./image-variants.ts";
export { imageVariantHandler } from "./routes.ts";
export {
  createUploadLimiter,
  decodeSlots,
  hasTooManyPixels,
  MAX_UPLOAD_PIXELS,
  tooManyPixelsProblem,
  tooManyUploadsMessage,
  tooManyUploadsProblem,
  type UploadLimiter,
} from "./uploads.ts";
