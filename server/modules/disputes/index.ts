/**
 * The disputes module's public face (issue 35, item 6; ADR 0077): a deal's dispute between its
 * buyer and seller, decided by the operator when they do not agree. It owns deal_disputes and
 * their messages; the deal itself and its money are the deals module's, reached through its index.
 */

export { createDisputesPersonalData } from "./personal-data.ts";
export { createDisputePhotoStore, DISPUTE_FORM_MAX_BYTES, DISPUTE_PHOTOS_MAX } from "./photos.ts";
export { createDisputesService, type DisputesDeps, type DisputesService } from "./service.ts";
export type { PhotoViewer } from "./support.ts";
