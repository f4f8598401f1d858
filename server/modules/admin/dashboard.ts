import {
  DASHBOARD_QUEUE_KEYS,
  type Dashboard,
  type DashboardDay,
  type DashboardFigure,
  type DashboardFigureKey,
  type DashboardQueue,
  type DashboardQueueKey,
  type DayTally,
} from "#core/contracts/admin-dashboard.ts";
import { hasScope, type StaffScope } from "#core/rules/staff.ts";
import { caches } from "#server/lib/cache.ts";
import { dashboardDays, WEEK_DAYS } from "./dashboard-days.ts";

/**
 * What the dashboard reads from the modules that own the rows (the ports; server/wiring/dashboard.ts
 * passes each owner's named functions). `bounds` are the days' limits from dashboard-days.ts.
 */
export type DashboardSources = {
  /** A count, or a count with an amount of money (the card shows both). */
  queues: Partial<Record<DashboardQueueKey, () => Promise<number | { count: number; amountMinor: number }>>>;
  newListingsByDay(bounds: readonly Date[]): Promise<number[]>;
  bidsByDay(bounds: readonly Date[]): Promise<number[]>;
  shopOrdersPaidByDay(bounds: readonly Date[]): Promise<DayTally[]>;
  auctionsSoldByDay(bounds: readonly Date[]): Promise<DayTally[]>;
  feesPaidByDay(bounds: readonly Date[]): Promise<DayTally[]>;
};

/** Who sees which queue: the scope of the screen its card links to. */
export const QUEUE_SCOPES: Record<DashboardQueueKey, StaffScope> = {
  reports: "moderation",
  listingsInReview: "moderation",
  complaints: "moderation",
  ordersToShip: "orders",
  ordersAwaitingTransfer: "orders",
  statementLines: "orders",
  listingsLive: "catalog",
  dealsOverdue: "deals",
  dealCallsRefused: "deals",
  dealsBalanceMismatch: "deals",
  disputesEscalated: "deals",
  strikesToReview: "deals",
};

type FigureSpec = {
  key: DashboardFigureKey;
  scope: StaffScope | null;
  read: (sources: DashboardSources, bounds: readonly Date[]) => Promise<(number | DayTally)[]>;
};

/** Listings and bids are public on the site; money is for staff who handle orders. */
const FIGURES: FigureSpec[] = [
  { key: "newListings", scope: null, read: (s, b) => s.newListingsByDay(b) },
  { key: "bids", scope: null, read: (s, b) => s.bidsByDay(b) },
  { key: "shopSales", scope: "orders", read: (s, b) => s.shopOrdersPaidByDay(b) },
  { key: "auctionSales", scope: "orders", read: (s, b) => s.auctionsSoldByDay(b) },
  { key: "fees", scope: "orders", read: (s, b) => s.feesPaidByDay(b) },
];

function toFigure(spec: FigureSpec, dates: string[], values: (number | DayTally)[]): DashboardFigure {
  const days: DashboardDay[] = values.map((value, index) =>
    typeof value === "number"
      ? { date: dates[index], count: value, amountMinor: null }
      : { date: dates[index], count: value.count, amountMinor: value.amountMinor },
  );
  return {
    key: spec.key,
    scope: spec.scope,
    money: typeof values[0] === "object",
    previous: days.slice(0, WEEK_DAYS),
    current: days.slice(WEEK_DAYS),
  };
}

/**
 * How long an instance keeps a figure's closed days (the 13 before today) and today's. Reading a
 * figure counts every row of its days (44 000 listings and 114 000 bids in two weeks at 100k
 * products, ~30 ms each), on every staff member's every visit; the closed days change only by a late
 * event (a draft placed, an order refunded), today's by the minute (docs/product/back-office.md,
 * "Dashboard").
 */
export const CLOSED_DAYS_TTL_MS = 5 * 60_000;
export const TODAY_TTL_MS = 30_000;

type DayValues = (number | DayTally)[];

/** How many figures' reads are kept at most: 2 per figure and day, a few days' worth. */
const MAX_KEPT_READS = 256;

/**
 * Reads kept by name for a time (an lru-cache from the server's registry, server/lib/cache.ts):
 * one read shared by concurrent requests, a failed read forgotten, each entry gone after its
 * lifetime.
 */
function keptReads(now: () => Date) {
  const kept = caches.create<string, Promise<DayValues>>({
    name: "admin.dashboard-figures",
    maxEntries: MAX_KEPT_READS,
    ttlMs: CLOSED_DAYS_TTL_MS,
    now: () => now().getTime(),
  });
  return (name: string, lifetime: number, read: () => Promise<DayValues>): Promise<DayValues> => {
    const entry = kept.get(name);
    if (entry) return entry;
    const values = read();
    values.catch(() => kept.peek(name) === values && kept.delete(name));
    kept.set(name, values, { ttlMs: lifetime });
    return values;
  };
}

/** A figure's 14 days: the closed days and today each kept for their lifetime, named by their start. */
function figureDaysKept(now: () => Date) {
  const keep = keptReads(now);
  return async (
    key: DashboardFigureKey,
    bounds: readonly Date[],
    read: (days: readonly Date[]) => Promise<DayValues>,
  ) => {
    const closed = bounds.slice(0, -1);
    const today = bounds.slice(-2);
    const [past, current] = await Promise.all([
      keep(`${key}:closed:${closed[0].getTime()}`, CLOSED_DAYS_TTL_MS, () => read(closed)),
      keep(`${key}:today:${today[0].getTime()}`, TODAY_TTL_MS, () => read(today)),
    ]);
    return [...past, ...current];
  };
}

/**
 * The dashboard (docs/product/back-office.md, "Dashboard"): only what the caller's scopes allow is
 * read at all, each figure with one grouped query over its date's index (the closed days kept).
 */
export function createDashboardService(sources: DashboardSources, now: () => Date = () => new Date()) {
  const figureDays = figureDaysKept(now);
  return {
    async forScopes(scopes: readonly string[], at: Date = now()): Promise<Dashboard> {
      const allowed = (scope: StaffScope | null) => scope === null || hasScope(scopes, scope);
      const queueKeys = DASHBOARD_QUEUE_KEYS.filter(
        (key) => sources.queues[key] && allowed(QUEUE_SCOPES[key]),
      );
      const { dates, bounds } = dashboardDays(at);
      const figureSpecs = FIGURES.filter((spec) => allowed(spec.scope));
      const [counts, figureValues] = await Promise.all([
        Promise.all(queueKeys.map((key) => sources.queues[key]!())),
        Promise.all(
          figureSpecs.map((spec) => figureDays(spec.key, bounds, (days) => spec.read(sources, days))),
        ),
      ]);
      const queues: DashboardQueue[] = queueKeys.map((key, index) => {
        const read = counts[index];
        return typeof read === "number"
          ? { key, scope: QUEUE_SCOPES[key], count: read }
          : { key, scope: QUEUE_SCOPES[key], count: read.count, amountMinor: read.amountMinor };
      });
      const figures = figureSpecs.map((spec, index) => toFigure(spec, dates, figureValues[index]));
      return { queues, figures };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
