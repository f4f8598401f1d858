export { createBlogService } from "./blog.ts";
export { createCmsService } from "./service.ts";
