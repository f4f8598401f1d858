export { reviewForModeration, takeOpenReviewReports } from "./moderation-reads.ts";
export { createReviewsPersonalData } from "./personal-data.ts";
export type { SoldDealFacts } from "./ports.ts";
export { createProfileReviews, type Rating, type ReviewAbout } from "./profile-reviews.ts";
export { ratingsOf } from "./ratings-of.ts";
export { createReviewsService, type ReviewsService } from "./service.ts";
export { ratingOf, userRatingJoinSql, userRatingSql } from "./sql-fragments.ts";
