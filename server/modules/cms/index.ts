export { type BlogService, createBlogService } from "./blog.ts";
export { type CmsService, createCmsService } from "./service.ts";
