export { createReviewsService, type ReviewsService } from "./service.ts";
