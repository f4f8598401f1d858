import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { unwrap } from "#core/result.ts";
import { startMarketplaceSimulator } from "#server/adapters/marketplace/simulator/server.ts";
import { DEALS as DEALS_SETTING } from "#server/db/seed/settings-data.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import {
  crash,
  createCleanups,
  createCrashServer,
  prepareCrashStorage,
  stopGracefully,
  waitUntil,
  withDatabase,
  withServices,
} from "#server/test/crash-helpers.ts";
import { freePort } from "#server/test/server-process.ts";
import { settings } from "../settings/tables.ts";
import { AUCTION_DEAL_QUEUE } from "./flow.ts";
import { balancesOf } from "./ledger.ts";
import { dealProviderCalls, dealProviderEvents } from "./tables/provider.ts";
import { deals, ledgerPostings } from "./tables.ts";

/**
 * The real server killed with SIGKILL while it takes the provider's payment webhooks, and again
 * while it pays sellers out, then started on the same data (the provider simulator, in this
 * process, keeps its own and redelivers): every payment recorded once, every seller paid once,
 * the ledger and the provider agreeing. Embedded engine, and PostgreSQL with TEST_DATABASE_URL.
 */
const cleanups = createCleanups();
afterAll(() => cleanups.run());

const COUNT = 10;
const PRICE = 200_000;
const DELIVERY = 10_000;

type SimState = {
  events: { id: string; type: string }[];
  transfers: Record<string, { amount: number; transfer_group: string | null }>;
  balance: { available: number; pending: number };
};

describe("a crash while deals are paid and paid out", () => {
  it("records each payment once and pays each seller once", async () => {
    const storage = await prepareCrashStorage(cleanups);
    const apiKey = `sk_test_${randomBytes(12).toString("hex")}`;
    const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const simulator = await startMarketplaceSimulator({
      port: 0,
      apiKey,
      webhookSecret,
      webhookUrl: `${origin}/api/deals/webhooks/stripe`,
      webhookRetryDelaysMs: [200, 500, 1000, 2000, 4000, 8000, 8000, 8000],
    });
    cleanups.add(() => simulator.stop());
    const env = {
      STRIPE_SECRET_KEY: apiKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: simulator.url,
      PORT: String(port),
      PUBLIC_URL: origin,
    };
    const sim = async <T>(path: string, method = "GET"): Promise<T> =>
      (await (await fetch(`${simulator.url}/_simulator${path}`, { method })).json()) as T;

    // Deals awaiting payment, each paid on the provider's page while the site is down: the
    // webhooks wait for it. The seller verified at the provider the same way.
    const setup = await withServices(
      storage,
      async ({ database: { db }, services, jobs }) => {
        await insertAuctionSettings(db, 0);
        await db
          .insert(settings)
          .values({ name: "deals", locale: null, value: { ...DEALS_SETTING, enabled: true } });
        const [seller] = await insertBidders(db, 1);
        const buyers = await insertBidders(db, COUNT);
        for (const buyer of buyers) {
          const auction = await insertAuction(db, { sellerId: seller.user.id, startPriceMinor: PRICE });
          unwrap(
            await services.dealTerms.save(auction.id, {
              paysThroughSite: false,
              deliveryOptions: [{ carrier: "ppl", priceMinor: DELIVERY }],
            }),
          );
          const bid = await services.bidding.placeBid({
            productId: auction.id,
            bidder: { id: buyer.user.id, emailConfirmed: true, adultConfirmed: true },
            amountMinor: PRICE,
          });
          expect(bid.ok).toBe(true);
          await services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
          await services.bidding.closeAuction(auction.id);
        }
        await jobs.runPending(AUCTION_DEAL_QUEUE);
        const made = await db.select().from(deals).where(eq(deals.sellerId, seller.user.id));
        expect(made).toHaveLength(COUNT);
        for (const deal of made) {
          const started = unwrap(await services.deals.startPayment(deal.id, deal.buyerId, "card", "cs"));
          const sessionId = started.payUrl.split("/").pop() ?? "";
          await sim(`/sessions/${sessionId}/pay`, "POST");
        }
        await services.deals.payoutOnboarding({ userId: seller.user.id, email: seller.user.email }, "cs");
        const account = await services.deals.payoutAccount(seller.user.id);
        await sim(`/accounts/${account?.accountId}/verify`, "POST");
        return { dealIds: made.map((deal) => deal.id), totalMinor: made[0].totalMinor };
      },
      env,
    );

    // Phase 1: the site starts, takes some webhooks and is killed; started again, the provider
    // delivers every event once more (answered or not).
    const server = await createCrashServer(storage, cleanups, env);
    let running = await server.start();
    await waitUntil(
      "some webhooks answered",
      async () => {
        const { data } = await sim<{ data: { delivery?: { lastStatus: number | null } }[] }>("/events");
        return data.filter((event) => event.delivery?.lastStatus === 200).length >= 3;
      },
      { timeoutMs: 60_000 },
    );
    await crash(running);
    running = await server.start();
    const { data: events } = await sim<{ data: { id: string }[] }>("/events");
    for (const event of events) await sim(`/events/${event.id}/resend`, "POST");
    await stopGracefully(running);
    // What the killed and the stopped process left queued finishes as the server would.
    await withServices(
      storage,
      async ({ database: { db } }) => {
        await waitUntil("every deal paid", async () => {
          const rows = await db.select().from(deals).where(inArray(deals.id, setup.dealIds));
          return rows.every((deal) => deal.status === "paid");
        });
      },
      env,
      { background: true },
    );

    // Each deal shipped and confirmed: a transfer decided per deal, to be made by the site.
    await withServices(
      storage,
      async ({ database: { db }, services }) => {
        const rows = await db.select().from(deals).where(inArray(deals.id, setup.dealIds));
        for (const deal of rows) {
          expect(
            (await services.deals.ship(deal.id, deal.sellerId, { trackingNumber: `PPL ${deal.id}0000` })).ok,
          ).toBe(true);
          expect((await services.deals.confirmReceipt(deal.id, deal.buyerId)).ok).toBe(true);
        }
      },
      env,
    );

    // Phase 2: the site pays out, is killed part way, and started again.
    running = await server.start();
    await waitUntil(
      "some transfers made",
      async () => Object.keys((await sim<SimState>("/state")).transfers).length >= 2,
      {
        timeoutMs: 60_000,
      },
    );
    await crash(running);
    running = await server.start();
    await waitUntil("every seller paid out at the provider", async () => {
      const state = await sim<SimState>("/state");
      return Object.keys(state.transfers).length >= COUNT;
    });
    await stopGracefully(running);
    await withServices(
      storage,
      async ({ database: { db } }) => {
        await waitUntil("every transfer recorded and every webhook processed", async () => {
          const calls = await db
            .select()
            .from(dealProviderCalls)
            .where(inArray(dealProviderCalls.dealId, setup.dealIds));
          const events = await db.select().from(dealProviderEvents);
          return (
            calls.length === COUNT &&
            calls.every((call) => call.doneAt !== null) &&
            events.every((event) => event.processedAt !== null)
          );
        });
      },
      env,
      { background: true },
    );

    // Every payment recorded once, every seller paid once; the ledger and the provider agree.
    const state = await sim<SimState>("/state");
    const payout = PRICE + DELIVERY;
    for (const dealId of setup.dealIds) {
      const transfers = Object.values(state.transfers).filter(
        (transfer) => transfer.transfer_group === `deal:${dealId}`,
      );
      expect(transfers.map((transfer) => transfer.amount)).toEqual([payout]);
    }
    await withDatabase(storage, async ({ db }) => {
      for (const dealId of setup.dealIds) {
        const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.dealId, dealId));
        expect(postings.filter((posting) => posting.movement === "pay")).toHaveLength(1);
        expect(postings.filter((posting) => posting.movement === "pay_out")).toHaveLength(1);
        expect(await balancesOf(db, dealId)).toMatchObject({ held: 0, seller_payable: 0, paid_out: payout });
      }
      const stored = await db.select().from(dealProviderEvents);
      expect(new Set(stored.map((event) => event.eventId)).size).toBe(stored.length);
      expect(stored.every((event) => event.processedAt !== null)).toBe(true);
    });
    // What the provider still holds is the operator's fees, nothing more.
    expect(state.balance.available + state.balance.pending).toBe(COUNT * (setup.totalMinor - payout));
  }, 300_000);
});
