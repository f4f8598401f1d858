/** The photo upload endpoint (server/modules/listing-photos/api.ts) the add and edit forms use. */
export const LISTING_IMAGE_UPLOAD_URL = "/api/me/advertisements/images";
/** 12 photos of 15 MB and the fields: a larger post to the add or edit page is refused before it is read. */
export const LISTING_FORM_MAX_BYTES = 12 * 15 * 1024 * 1024 + 1024 * 1024;
