import { bodyLimit } from "hono/body-limit";
import { translate } from "#core/i18n/index.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { bannerRoutes, CONTENT_UPLOAD_MAX_BYTES, documentRoutes } from "./admin-files.ts";
import { blogCategoryRoutes, blogPostRoutes, infoPageRoutes } from "./admin-texts.ts";

/**
 * Paths whose multipart uploads (a banner image, a PDF) may exceed the API's 1 MB: server/http/app.ts
 * leaves them to the limit set here instead.
 */
export function isContentUploadPath(path: string): boolean {
  return /^\/api\/admin\/content\/(banners(\/\d+)?|documents)$/.test(path);
}

/** The back office's content API (/api/admin/content/...), scope `content` on every route. */
export const contentAdminApi = createApiRouter();

const uploadLimit = bodyLimit({
  maxSize: CONTENT_UPLOAD_MAX_BYTES,
  onError: (c) => c.json({ message: translate(c.get("locale"), "errors.payloadTooLarge") }, 413),
});
contentAdminApi.use("/admin/content/*", (c, next) =>
  isContentUploadPath(c.req.path) ? uploadLimit(c, next) : next(),
);
bannerRoutes(contentAdminApi);
documentRoutes(contentAdminApi);
blogPostRoutes(contentAdminApi);
blogCategoryRoutes(contentAdminApi);
infoPageRoutes(contentAdminApi);
