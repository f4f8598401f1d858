export type { AdminBanner } from "./admin/banners.ts";
export type { AdminBlogCategory } from "./admin/blog-categories.ts";
export type { AdminBlogPost } from "./admin/blog-posts.ts";
export type { ContentErrors } from "./admin/common.ts";
export type { AdminDocument } from "./admin/documents.ts";
export type { AdminInfoPage } from "./admin/info-pages.ts";
export {
  type ContentAdminService,
  createContentAdminService,
} from "./admin/service.ts";
export { type BlogService, createBlogService } from "./blog.ts";
export { type CmsService, createCmsService } from "./service.ts";
