export { contentAdminApi, isContentUpload } from "./admin.ts";
export { cmsApi } from "./public.ts";
