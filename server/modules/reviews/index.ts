export { createReviewsService } from "./service.ts";
