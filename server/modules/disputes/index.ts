/**
 * The disputes module's public face (issue 35, item 6; ADR 0077): a deal's dispute between its
 * buyer and seller, decided by the operator when they do not agree. It owns deal_disputes and
 * their messages; the deal itself and its money are the deals module's, reached through its index.
 * Its photos are deleted after their retention (jobs.ts, retention.ts; ADR 0082).
 */

export { PHOTO_FILES_QUEUE, PHOTO_RETENTION_QUEUE, registerDisputeJobs } from "./jobs.ts";
export { createDisputesPersonalData } from "./personal-data.ts";
export { createDisputePhotoStore, DISPUTE_FORM_MAX_BYTES, DISPUTE_PHOTOS_MAX } from "./photos.ts";
export { DISPUTE_PHOTO_RETENTION_DAYS } from "./retention.ts";
export { RETURN_DEADLINE_QUEUE, RETURN_SWEEP_QUEUE } from "./returns.ts";
export { createDisputesService, type DisputesDeps, type DisputesService } from "./service.ts";
export type { PhotoViewer } from "./support.ts";
