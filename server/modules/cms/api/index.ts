export { contentAdminApi, isContentUploadPath } from "./admin.ts";
export { cmsApi } from "./public.ts";
