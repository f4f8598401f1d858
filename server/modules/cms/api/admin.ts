import { bodyLimit } from "hono/body-limit";
import { translate } from "#core/i18n/index.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { bannerRoutes, blogCoverRoute, CONTENT_UPLOAD_MAX_BYTES, documentRoutes } from "./admin-files.ts";
import { infoPageRoutes } from "./admin-pages.ts";
import { blogCategoryRoutes, blogPostRoutes } from "./admin-texts.ts";

/**
 * A multipart upload (a banner image, an article's cover, a PDF) to one of the routes that take one: it may exceed the
 * API's 1 MB, so server/http/app.ts leaves it to the limit set here instead. Any other body keeps
 * the API's limit (and is read before the routes by the control-character check, which a second
 * limit on an already read body would break).
 */
export function isContentUpload(method: string, path: string, contentType: string | undefined): boolean {
  return (
    (method === "POST" || method === "PUT") &&
    /^multipart\/form-data\b/i.test(contentType ?? "") &&
    /^\/api\/admin\/content\/(banners(\/\d+)?|documents|blog\/posts\/\d+\/cover)$/.test(path)
  );
}

/** The back office's content API (/api/admin/content/...), scope `content` on every route. */
export const contentAdminApi = createApiRouter();

const uploadLimit = bodyLimit({
  maxSize: CONTENT_UPLOAD_MAX_BYTES,
  onError: (c) => c.json({ message: translate(c.get("locale"), "errors.payloadTooLarge") }, 413),
});
contentAdminApi.use("/admin/content/*", (c, next) =>
  isContentUpload(c.req.method, c.req.path, c.req.header("content-type")) ? uploadLimit(c, next) : next(),
);
bannerRoutes(contentAdminApi);
documentRoutes(contentAdminApi);
blogPostRoutes(contentAdminApi);
blogCoverRoute(contentAdminApi);
blogCategoryRoutes(contentAdminApi);
infoPageRoutes(contentAdminApi);
