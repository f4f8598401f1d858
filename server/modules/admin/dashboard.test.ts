import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardFigure } from "#core/contracts/admin-dashboard.ts";
import { type NewOrder, orders } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { bids } from "../bidding/tables.ts";
import type { NewProduct } from "../listings/tables/products.ts";
import { moderationComplaints, moderationDecisions, moderationReports } from "../moderation/tables.ts";
import { bankStatementLines, bankStatements } from "../payments/tables/bank.ts";
import { adminDashboardApi } from "./api/dashboard.ts";
import { CLOSED_DAYS_TTL_MS, createDashboardService, TODAY_TTL_MS } from "./dashboard.ts";
import { dashboardDays } from "./dashboard-days.ts";

/** Monday 23 November 2026, 13:00 in Prague (UTC+1): today is the 23rd, the week the 17th to the 23rd. */
const NOW = new Date("2026-11-23T12:00:00Z");
/** Prague midnight starting the 23rd, and the last instant of the 22nd. */
const TODAY = new Date("2026-11-22T23:00:00Z");
const YESTERDAY_LATE = new Date("2026-11-22T22:59:59Z");

let api: TestApi;
let sellerId: number;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi();
  sellerId = (await api.createUser()).user.id;
  categoryId = (await insertCategory(api.db)).id;
});
afterAll(async () => {
  await api?.close();
});

const day = (iso: string, hours = 12) => new Date(`${iso}T${String(hours - 1).padStart(2, "0")}:00:00Z`);

async function listing(
  createdAt: Date,
  format: "auction" | "classified" | "shop" = "auction",
  status = "active",
  extra: Partial<NewProduct> = {},
) {
  return insertProduct(api.db, {
    categoryId,
    format,
    sellerId: format === "shop" ? null : sellerId,
    status: status as "active",
    priceMinor: format === "auction" ? null : 50_000,
    startPriceMinor: format === "auction" ? 10_000 : null,
    createdAt,
    ...extra,
  });
}

async function order(values: Partial<NewOrder> & Pick<NewOrder, "kind" | "totalMinor">) {
  await api.db.insert(orders).values({ hash: randomUUID(), email: "kupec@example.cz", ...values });
}

const figure = (figures: DashboardFigure[], key: DashboardFigure["key"]) => {
  const found = figures.find((entry) => entry.key === key);
  if (!found) throw new Error(`no figure ${key}`);
  return found;
};
const counts = (days: DashboardFigure["current"]) => days.map((entry) => entry.count);
const amounts = (days: DashboardFigure["current"]) => days.map((entry) => entry.amountMinor);

describe("dashboardDays", () => {
  it("gives this week ending today and the week before, from Prague midnight to Prague midnight", () => {
    const { dates, bounds } = dashboardDays(NOW);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe("2026-11-10");
    expect(dates[7]).toBe("2026-11-17");
    expect(dates[13]).toBe("2026-11-23");
    expect(bounds[13]).toEqual(TODAY);
    expect(bounds[14]).toEqual(new Date("2026-11-23T23:00:00Z"));
  });

  it("keeps the day of the spring clock change 23 hours long", () => {
    const { dates, bounds } = dashboardDays(new Date("2026-04-01T10:00:00Z"));
    const index = dates.indexOf("2026-03-29");
    expect(bounds[index]).toEqual(new Date("2026-03-28T23:00:00Z"));
    expect(bounds[index + 1]).toEqual(new Date("2026-03-29T22:00:00Z"));
  });

  it("is still the old day a second before Prague midnight, when UTC already says so", () => {
    expect(dashboardDays(YESTERDAY_LATE).dates.at(-1)).toBe("2026-11-22");
    expect(dashboardDays(TODAY).dates.at(-1)).toBe("2026-11-23");
  });
});

describe("the week's figures", () => {
  beforeAll(async () => {
    // New listings: two on the 17th, one a second before Prague midnight (the 22nd), one at it (the 23rd),
    // one on the 10th (previous week), and rows that do not count: a shop product, a draft, two weeks ago.
    await listing(day("2026-11-17", 9));
    await listing(day("2026-11-17", 20), "classified");
    await listing(YESTERDAY_LATE);
    const auction = await listing(TODAY);
    await listing(day("2026-11-10"));
    await listing(day("2026-11-18"), "shop");
    await listing(day("2026-11-18"), "classified", "draft");
    await listing(day("2026-11-09"));
    // Sold auctions close on the 20th (12 000 Kč) and on the 13th (5 000 Kč).
    await listing(day("2026-11-01"), "auction", "sold", {
      endedAt: day("2026-11-20"),
      currentPriceMinor: 1_200_000,
    });
    await listing(day("2026-11-01"), "auction", "sold", {
      endedAt: day("2026-11-13"),
      currentPriceMinor: 500_000,
    });
    // Held for pre-moderation (placed a month ago, so not among the week's new listings).
    await listing(day("2026-10-20"), "classified", "in_review");
    // Ended without a winner: no sale.
    await listing(day("2026-11-01"), "auction", "ended", { endedAt: day("2026-11-20") });
    // Bids: three today (one a raised maximum that is no bid), one on the 16th.
    const bidder = (await api.createUser()).user.id;
    await api.db.insert(bids).values([
      { productId: auction.id, userId: bidder, amountMinor: 10_000, createdAt: TODAY },
      { productId: auction.id, userId: bidder, amountMinor: 11_000, kind: "automatic", createdAt: NOW },
      {
        productId: auction.id,
        userId: bidder,
        amountMinor: 11_000,
        maxAmountMinor: 20_000,
        kind: "max_raise",
        createdAt: NOW,
      },
      { productId: auction.id, userId: bidder, amountMinor: 9_000, createdAt: day("2026-11-16") },
    ]);
    // Orders: shop orders paid on the 19th (two) and the 12th; fees paid today; unpaid ones do not count.
    await order({
      kind: "shop",
      status: "paid",
      totalMinor: 150_000,
      paidAt: day("2026-11-19", 8),
      paymentMethod: "card",
    });
    await order({
      kind: "shop",
      status: "delivered",
      totalMinor: 50_000,
      paidAt: day("2026-11-19", 18),
      paymentMethod: "cod",
    });
    await order({
      kind: "shop",
      status: "shipped",
      totalMinor: 70_000,
      paidAt: day("2026-11-12"),
      paymentMethod: "card",
    });
    await order({ kind: "listing_fee", status: "paid", totalMinor: 2_000, paidAt: NOW });
    await order({ kind: "promotion", status: "paid", totalMinor: 9_900, paidAt: TODAY, promotionDays: 7 });
    await order({
      kind: "promotion",
      status: "paid",
      totalMinor: 9_900,
      paidAt: day("2026-11-16"),
      promotionDays: 7,
    });
    await order({ kind: "listing_fee", status: "awaiting_payment", totalMinor: 2_000 });
    await order({ kind: "shop", status: "awaiting_payment", totalMinor: 30_000, paymentMethod: "cod" });
    await order({
      kind: "shop",
      status: "awaiting_payment",
      totalMinor: 30_000,
      paymentMethod: "bank_transfer",
    });
    await order({ kind: "shop", status: "awaiting_payment", totalMinor: 30_000, paymentMethod: "card" });
    // Moderation: two open notices and a decided one; an open complaint and an upheld one.
    await api.db.insert(moderationReports).values(
      (["open", "open", "decided"] as const).map((status) => ({
        target: "listing" as const,
        targetId: auction.id,
        reason: "counterfeit" as const,
        explanation: "Padělek",
        status,
      })),
    );
    const [decision] = await api.db
      .insert(moderationDecisions)
      .values({ action: "remove_listing", target: "listing", targetId: auction.id, ground: "report" })
      .returning();
    await api.db.insert(moderationComplaints).values(
      (["open", "upheld"] as const).map((status) => ({
        decisionId: decision.id,
        text: "Nesouhlasím",
        status,
      })),
    );
    // A bank statement: one line paid its order, one waits for the accountant.
    const [statement] = await api.db
      .insert(bankStatements)
      .values({ format: "gpc", fileName: "vypis.gpc", fileHash: "hash-1", lineCount: 2 })
      .returning();
    await api.db.insert(bankStatementLines).values(
      (["matched", "unmatched"] as const).map((outcome) => ({
        statementId: statement.id,
        entryKey: `entry-${outcome}`,
        direction: "credit" as const,
        amountMinor: 10_000,
        currencyCode: "CZK",
        outcome,
      })),
    );
  });

  it("counts per Prague day this week and the week before, the owner seeing every figure", async () => {
    const { figures } = await api.services.dashboard.forScopes(["orders", "moderation", "catalog"], NOW);
    expect(figures.map((entry) => entry.key)).toEqual([
      "newListings",
      "bids",
      "shopSales",
      "auctionSales",
      "fees",
    ]);

    const listings = figure(figures, "newListings");
    expect(listings.current.map((entry) => entry.date)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
    expect(listings.previous[0].date).toBe("2026-11-10");
    expect(counts(listings.current)).toEqual([2, 0, 0, 0, 0, 1, 1]);
    expect(counts(listings.previous)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(listings.money).toBe(false);
    expect(amounts(listings.current)).toEqual([null, null, null, null, null, null, null]);

    const bidsFigure = figure(figures, "bids");
    expect(counts(bidsFigure.current)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(counts(bidsFigure.previous)).toEqual([0, 0, 0, 0, 0, 0, 1]);

    const shop = figure(figures, "shopSales");
    expect(shop.money).toBe(true);
    expect(counts(shop.current)).toEqual([0, 0, 2, 0, 0, 0, 0]);
    expect(amounts(shop.current)).toEqual([0, 0, 200_000, 0, 0, 0, 0]);
    expect(amounts(shop.previous)).toEqual([0, 0, 70_000, 0, 0, 0, 0]);

    const auctions = figure(figures, "auctionSales");
    expect(amounts(auctions.current)).toEqual([0, 0, 0, 1_200_000, 0, 0, 0]);
    expect(amounts(auctions.previous)).toEqual([0, 0, 0, 500_000, 0, 0, 0]);

    const fees = figure(figures, "fees");
    expect(counts(fees.current)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(amounts(fees.current)).toEqual([0, 0, 0, 0, 0, 0, 11_900]);
    expect(amounts(fees.previous)).toEqual([0, 0, 0, 0, 0, 0, 9_900]);
  });

  it("shows the queues and the money only to the scopes they belong to", async () => {
    const owner = await api.services.dashboard.forScopes(["orders", "moderation", "catalog"], NOW);
    expect(owner.queues).toEqual(
      expect.arrayContaining([
        { key: "ordersToShip", scope: "orders", count: 2 },
        { key: "ordersAwaitingTransfer", scope: "orders", count: 2 },
        { key: "statementLines", scope: "orders", count: 1 },
        { key: "listingsInReview", scope: "moderation", count: 1 },
        { key: "listingsLive", scope: "catalog", count: 6 },
      ]),
    );

    const moderator = await api.services.dashboard.forScopes(["moderation", "users"], NOW);
    expect(moderator.queues).toEqual([
      { key: "reports", scope: "moderation", count: 2 },
      { key: "listingsInReview", scope: "moderation", count: 1 },
      { key: "complaints", scope: "moderation", count: 1 },
    ]);
    expect(moderator.figures.map((entry) => entry.key)).toEqual(["newListings", "bids"]);

    const accountant = await api.services.dashboard.forScopes(["orders"], NOW);
    expect(accountant.queues.map((queue) => queue.scope)).toEqual(accountant.queues.map(() => "orders"));
    expect(accountant.figures).toHaveLength(5);
  });
});

describe("the closed days kept in memory", () => {
  /** Sources whose every day answers `version`, recording how many days each read asked for. */
  function versionedSources() {
    const state = { version: 1, reads: [] as number[] };
    const byDay = async (bounds: readonly Date[]) => {
      state.reads.push(bounds.length - 1);
      return bounds.slice(1).map(() => state.version);
    };
    const sources = {
      queues: {},
      newListingsByDay: byDay,
      bidsByDay: byDay,
      shopOrdersPaidByDay: async () => [],
      auctionsSoldByDay: async () => [],
      feesPaidByDay: async () => [],
    };
    return { state, sources };
  }

  it("keeps today's figures for 30 seconds and the 13 closed days for 5 minutes", async () => {
    const { state, sources } = versionedSources();
    let clock = NOW.getTime();
    const service = createDashboardService(sources, () => new Date(clock));
    const listings = async () =>
      counts(figure((await service.forScopes(["moderation"], NOW)).figures, "newListings").current);

    expect(await listings()).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(state.reads.toSorted()).toEqual([1, 1, 13, 13]);

    state.version = 2;
    clock += TODAY_TTL_MS - 1;
    expect(await listings()).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(state.reads).toHaveLength(4);

    // Gone once more than its lifetime has passed (lru-cache's rule).
    clock += 2;
    expect(await listings()).toEqual([1, 1, 1, 1, 1, 1, 2]);
    expect(state.reads.slice(4)).toEqual([1, 1]);

    state.version = 3;
    clock = NOW.getTime() + CLOSED_DAYS_TTL_MS + 1;
    expect(await listings()).toEqual([3, 3, 3, 3, 3, 3, 3]);
    expect(state.reads.slice(6).toSorted()).toEqual([1, 1, 13, 13]);
  });

  it("reads the closed days afresh when a new day begins and after a failed read", async () => {
    const { state, sources } = versionedSources();
    let failing = true;
    const service = createDashboardService(
      {
        ...sources,
        bidsByDay: async (bounds) => {
          if (failing) throw new Error("connection lost");
          return sources.bidsByDay(bounds);
        },
      },
      () => NOW,
    );
    await expect(service.forScopes(["moderation"], NOW)).rejects.toThrow("connection lost");
    failing = false;
    const bidsFigure = figure((await service.forScopes(["moderation"], NOW)).figures, "bids");
    expect(counts(bidsFigure.current)).toEqual([1, 1, 1, 1, 1, 1, 1]);

    state.version = 3;
    const tomorrow = new Date(NOW.getTime() + 24 * 3600_000);
    const next = figure((await service.forScopes(["moderation"], tomorrow)).figures, "bids");
    expect(next.current.at(-1)?.date).toBe("2026-11-24");
    expect(counts(next.current)).toEqual([3, 3, 3, 3, 3, 3, 3]);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("answers any staff member with what the caller's scopes allow", async () => {
    const { token: editor } = await api.createUser({ role: "editor" });
    const response = await api.call("GET", "/api/admin/dashboard", { token: editor });
    expect(response.status).toBe(200);
    expect(response.json.queues.map((queue: { key: string }) => queue.key)).toEqual(["listingsLive"]);
    expect(response.json.figures.map((entry: { key: string }) => entry.key)).toEqual(["newListings", "bids"]);
    expect(response.json.figures[0].current).toHaveLength(7);

    const { token: accountant } = await api.createUser({ role: "accountant" });
    const money = await api.call("GET", "/api/admin/dashboard", { token: accountant });
    expect(money.json.queues.map((queue: { key: string }) => queue.key)).toEqual([
      "ordersToShip",
      "ordersAwaitingTransfer",
      "statementLines",
    ]);
    expect(money.json.figures).toHaveLength(5);
  });

  it("refuses a guest (401), a user who is not staff and staff without the second factor (403)", async () => {
    expect((await api.call("GET", "/api/admin/dashboard")).status).toBe(401);
    const { token: user } = await api.createUser();
    expect((await api.call("GET", "/api/admin/dashboard", { token: user })).status).toBe(403);
    const { token: halfway } = await api.createUser({ role: "moderator" }, undefined, {
      secondFactor: false,
    });
    expect((await api.call("GET", "/api/admin/dashboard", { token: halfway })).status).toBe(403);
  });

  it("is in the OpenAPI document for any staff member (x-scope any)", () => {
    const document = adminDashboardApi.getOpenAPIDocument({
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
    });
    const operation = document.paths?.["/admin/dashboard"]?.get as unknown as Record<string, unknown>;
    expect(operation["x-scope"]).toBe("any");
    expect(operation.tags).toEqual(["admin"]);
  });
});
