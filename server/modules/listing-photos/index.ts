/*
 * The listings' photos (ADR 0071): a seller's upload checked, re-encoded without metadata and
 * stored in its sizes (images.ts), staged until a listing takes it and swept when abandoned
 * (image-store.ts). The rows of `product_images` stay the listings module's: it records which
 * stored photo a listing shows.
 */

export { createListingImageStore, type ListingImageStore } from "./image-store.ts";
export * from "./images.ts";
