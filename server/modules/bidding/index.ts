export { type BidOnProduct, createAccountBids } from "./account-bids.ts";
export { type AdminUserBid, type BidFactRow, bidFacts, bidsOfUser } from "./admin-user-reads.ts";
export { type BiddingDashboardFigures, biddingDashboardFigures } from "./dashboard-figures.ts";
/** The NOTIFY channel of auction changes (bids, closes, activations): caches of public pages listen. */
export { AUCTION_EVENTS_CHANNEL } from "./events.ts";
export { registerBiddingJobs, scheduleBiddingSweep } from "./jobs.ts";
export { backfillAuctionLeaders } from "./leaders.ts";
export { createBiddingPersonalData } from "./personal-data.ts";
export { ACTIVATE_QUEUE, CLOSE_QUEUE, LEADING_QUEUE } from "./queues.ts";
export { runnerUpOf } from "./runner-up.ts";
export { type AuctionSoldHook, createBiddingService } from "./service.ts";
export { createAuctionStreams } from "./sse.ts";
export { visibleBidsOf } from "./visible-bids.ts";
