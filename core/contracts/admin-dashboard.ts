import type { StaffScope } from "../rules/staff.ts";

/**
 * The back office's dashboard (docs/product/back-office.md, "Dashboard"): what waits for whom, and
 * the week's figures. The server answers only the queues and figures the caller's scopes allow.
 */

/** A queue of work: its key names the card, `scope` who sees it. */
export const DASHBOARD_QUEUE_KEYS = [
  "reports",
  "listingsInReview",
  "complaints",
  "ordersToShip",
  "ordersAwaitingTransfer",
  "statementLines",
  "listingsLive",
  "dealsOverdue",
  "dealCallsRefused",
  "dealsBalanceMismatch",
  "disputesEscalated",
  "strikesToReview",
] as const;
export type DashboardQueueKey = (typeof DASHBOARD_QUEUE_KEYS)[number];
/** `amountMinor`: a queue about money shows its amount too (the held money's difference). */
export type DashboardQueue = {
  key: DashboardQueueKey;
  scope: StaffScope;
  count: number;
  amountMinor?: number | null;
};

export const DASHBOARD_FIGURE_KEYS = ["newListings", "bids", "shopSales", "auctionSales", "fees"] as const;
export type DashboardFigureKey = (typeof DASHBOARD_FIGURE_KEYS)[number];

/** One Prague day of a figure: how many, and for money figures how much (CZK minor units). */
export type DashboardDay = { date: string; count: number; amountMinor: number | null };

/**
 * A figure over the last 7 Prague days (today last) and the 7 before, day by day: `previous[i]`
 * is the day a week before `current[i]`.
 */
export type DashboardFigure = {
  key: DashboardFigureKey;
  /** `null` = every staff member; money figures need "orders". */
  scope: StaffScope | null;
  money: boolean;
  current: DashboardDay[];
  previous: DashboardDay[];
};

export type Dashboard = { queues: DashboardQueue[]; figures: DashboardFigure[] };

/** A day's figure as the owning module counts it. */
export type DayTally = { count: number; amountMinor: number };
