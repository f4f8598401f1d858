export { createReviewsPersonalData } from "./personal-data.ts";
export { createProfileReviews, type Rating, type ReviewAbout } from "./profile-reviews.ts";
export { createReviewsService } from "./service.ts";
