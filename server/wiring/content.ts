import { recordAudit } from "#server/modules/admin/index.ts";
import { createBlogService, createCmsService, createContentAdminService } from "#server/modules/cms/index.ts";
import { createListsService } from "#server/modules/lists/index.ts";
import type { Base } from "./base.ts";

/** The site's content: code lists, banners and pages, the blog, and their back office (cms/admin). */
export function wireContent({ db, storage, shellData }: Pick<Base, "db" | "storage" | "shellData">) {
  return {
    lists: createListsService(db, shellData),
    cms: createCmsService(db, shellData),
    blog: createBlogService(db),
    /** The back office's content: banners, blog, info pages, documents (cms/admin). */
    contentAdmin: createContentAdminService({
      db,
      storage,
      recordAudit,
    }),
  };
}
