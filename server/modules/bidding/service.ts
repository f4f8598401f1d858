import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type {
  AuctionLive,
  BidRefusal,
  MyBid,
  MyBidGroup,
  PublicBid,
  ViewerStanding,
} from "#core/contracts/bidding.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import { monthlyAuctionEnd, weeklyAuctionEnd } from "#core/rules/auction-end.ts";
import { type BidRange, isBidTable } from "#core/rules/bid-step.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { maskUsername } from "../listings/index.ts";
import { type ProductStatus, productStatusChanges, products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import { createNotifier, type Notifier, openProductThread } from "../messages/index.ts";
import type { SettingsService } from "../settings/index.ts";
import { users } from "../users/tables.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import { createDiagnosticsAuction } from "./diagnostics.ts";
import {
  type AuctionRuleOptions,
  type AuctionState,
  DEFAULT_SOFT_CLOSE_MS,
  decideAuction,
  type Leader,
  minimumBidFor,
  placeBid as placeBidRule,
} from "./rules.ts";
import { bids } from "./tables.ts";

/**
 * Bidding: the auction rules of rules.ts applied to stored auctions, exactly once.
 *
 * Every change of an auction (a bid, the close, the activation) happens in one transaction that
 * first locks the product row (`SELECT ... FOR UPDATE`). The row carries everything the rules need
 * (price, bid count, end, the leader's standing maximum and since), so concurrent bids queue on the
 * lock and each sees the state the previous one left: the rules can never be broken by timing, on
 * one instance or several. What a change tells others rides on the same transaction: the bid rows,
 * the NOTIFY of the live stream (delivered on commit only), the job that tells the outbid bidder,
 * the system messages and mails of the close.
 */

/** The PostgreSQL NOTIFY channel of auction changes; payloads carry ids only (sse.ts loads the rest). */
export const AUCTION_EVENTS_CHANNEL = "auction_events";

export const CLOSE_QUEUE = "auction.close";
export const OUTBID_QUEUE = "auction.outbid";
/** A leader whose proxy maximum answered someone else's bid hears that they still lead. */
export const LEADING_QUEUE = "auction.leading";
export const ACTIVATE_QUEUE = "listing.activate";
export const SWEEP_QUEUE = "auction.sweep";

/** Watchers hear that an auction ends within this time (product.md: 1 hour before the end). */
export const ENDING_SOON_MS = 3600 * 1000;

export type { AuctionLive, BidRefusal, MyBid, MyBidGroup, PublicBid, ViewerStanding };

export type AuctionNotification = {
  productId: number;
  bidId?: number;
  event?: "bid" | "closed" | "activated" | "end_moved";
};

/** What the bidding service needs to know about the one who bids (the signed-in user). */
export type Bidder = { id: number; emailConfirmed: boolean; adultConfirmed: boolean };

export type PlaceBidResult =
  | { ok: false; reason: BidRefusal; minimumMinor?: number }
  | {
      ok: true;
      live: AuctionLive;
      /** The rows the bid added to the public history (oldest first). */
      bids: PublicBid[];
      viewer: ViewerStanding;
      /** True when the bid moved the end (soft close). */
      extended: boolean;
    };

export type CloseResult =
  | { status: "closed"; outcome: "sold"; winnerId: number; priceMinor: number }
  | { status: "closed"; outcome: "unsold"; reason: "no_bids" | "reserve_not_met" }
  | { status: "not_due"; endsAt: Date }
  | { status: "skipped" };

type LockedAuction = {
  id: number;
  format: string;
  status: ProductStatus;
  sellerId: number | null;
  startPriceMinor: number | null;
  currentPriceMinor: number | null;
  reservePriceMinor: number | null;
  bidCount: number;
  endsAt: Date | null;
  endedAt: Date | null;
  activationAt: Date | null;
  auctionDuration: string | null;
  leaderId: number | null;
  leaderMaxMinor: number | null;
  leaderSince: Date | null;
  lastBidId: number | null;
  winnerId: number | null;
};

const auctionColumns = {
  id: products.id,
  format: products.format,
  status: products.status,
  sellerId: products.sellerId,
  startPriceMinor: products.startPriceMinor,
  currentPriceMinor: products.currentPriceMinor,
  reservePriceMinor: products.reservePriceMinor,
  bidCount: products.bidCount,
  endsAt: products.endsAt,
  endedAt: products.endedAt,
  activationAt: products.activationAt,
  auctionDuration: products.auctionDuration,
  leaderId: products.leaderId,
  leaderMaxMinor: products.leaderMaxMinor,
  leaderSince: products.leaderSince,
  lastBidId: products.lastBidId,
  winnerId: products.winnerId,
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The payload of a NOTIFY: ids only, so that it stays far below PostgreSQL's 8000-byte limit. */
async function notify(tx: Db, notification: AuctionNotification) {
  await tx.execute(sql`select pg_notify(${AUCTION_EVENTS_CHANNEL}, ${JSON.stringify(notification)})`);
}

export type BiddingServiceDeps = {
  db: Db;
  jobs: JobRunner;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  settings: Pick<SettingsService, "list">;
  /** System messages and their mails (server/modules/messages); built from db, mail and config when not given. */
  notifier?: Pick<Notifier, "notify">;
  logger?: Pick<Logger, "info" | "warn" | "error">;
};

export function createBiddingService(deps: BiddingServiceDeps) {
  const { db, jobs, mail, config } = deps;
  const notifier = deps.notifier ?? createNotifier({ db, mail, config });

  // The bid table and the soft-close window are read on every bid: a short cache keeps a hot
  // auction from reading the settings table per bid, and an admin's change applies within seconds.
  let rulesCache: { options: AuctionRuleOptions | null; until: number } | null = null;
  async function ruleOptions(): Promise<AuctionRuleOptions | null> {
    if (rulesCache && rulesCache.until > Date.now()) return rulesCache.options;
    const entries = await deps.settings.list("cs");
    const table = entries.find((entry) => entry.name === "bid")?.value;
    const softClose = entries.find((entry) => entry.name === "softClose")?.value as
      | { minutes?: unknown }
      | undefined;
    const minutes = typeof softClose?.minutes === "number" ? softClose.minutes : null;
    const options = isBidTable(table)
      ? {
          bidTable: table as BidRange[],
          softCloseMs: minutes === null ? DEFAULT_SOFT_CLOSE_MS : minutes * 60_000,
        }
      : null;
    rulesCache = { options, until: Date.now() + 2000 };
    return options;
  }

  async function lockAuction(tx: Db, productId: number): Promise<LockedAuction | null> {
    const [row] = await tx
      .select(auctionColumns)
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (row?.format !== "auction") return null;
    return row;
  }

  /**
   * The leader from the row, or, for an auction whose bids were written without it (demo data,
   * older rows), from the highest bid: the earlier one on a tie, with its maximum.
   */
  async function leaderOf(tx: Db, row: LockedAuction): Promise<Leader | null> {
    if (row.leaderId !== null && row.leaderMaxMinor !== null && row.leaderSince !== null)
      return { userId: row.leaderId, maxMinor: row.leaderMaxMinor, since: row.leaderSince };
    if (row.bidCount === 0) return null;
    const [top] = await tx
      .select({
        userId: bids.userId,
        amountMinor: bids.amountMinor,
        maxMinor: bids.maxAmountMinor,
        at: bids.createdAt,
      })
      .from(bids)
      .where(and(eq(bids.productId, row.id), ne(bids.kind, "max_raise")))
      .orderBy(desc(bids.amountMinor), asc(bids.id))
      .limit(1);
    if (!top) return null;
    return { userId: top.userId, maxMinor: Math.max(top.maxMinor ?? 0, top.amountMinor), since: top.at };
  }

  function stateOf(row: LockedAuction, leader: Leader | null): AuctionState {
    return {
      startPriceMinor: row.startPriceMinor ?? 0,
      reservePriceMinor: row.reservePriceMinor,
      currentPriceMinor: row.bidCount > 0 ? (row.currentPriceMinor ?? row.startPriceMinor ?? 0) : null,
      bidCount: row.bidCount,
      leader,
      // An auction without an end cannot take bids: the rules see it as ended.
      endsAt: row.endsAt ?? new Date(0),
    };
  }

  function liveOf(
    row: Pick<
      LockedAuction,
      | "id"
      | "status"
      | "startPriceMinor"
      | "currentPriceMinor"
      | "reservePriceMinor"
      | "bidCount"
      | "endsAt"
      | "endedAt"
      | "lastBidId"
    >,
    options: AuctionRuleOptions | null,
    now: Date,
  ): AuctionLive {
    const startPriceMinor = row.startPriceMinor ?? 0;
    const priceMinor = row.bidCount > 0 ? (row.currentPriceMinor ?? startPriceMinor) : startPriceMinor;
    const live = row.status === "active";
    return {
      productId: row.id,
      status: row.status,
      startPriceMinor,
      priceMinor,
      minimumNextBidMinor:
        live && options
          ? minimumBidFor(
              {
                startPriceMinor,
                reservePriceMinor: row.reservePriceMinor,
                currentPriceMinor: row.bidCount > 0 ? priceMinor : null,
                bidCount: row.bidCount,
                leader: null,
                endsAt: row.endsAt ?? now,
              },
              options.bidTable,
            )
          : null,
      bidCount: row.bidCount,
      endsAt: row.endsAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      hasReserve: row.reservePriceMinor !== null,
      reserveMet: row.reservePriceMinor === null || (row.bidCount > 0 && priceMinor >= row.reservePriceMinor),
      lastBidId: row.lastBidId ?? 0,
      serverNow: now.toISOString(),
    };
  }

  /** The public history rows after `afterId` (all when 0), oldest first. */
  async function publicBids(executor: Db, productId: number, afterId = 0, beforeOrAt?: number) {
    const rows = await executor
      .select({
        id: bids.id,
        amountMinor: bids.amountMinor,
        at: bids.createdAt,
        kind: bids.kind,
        username: users.username,
      })
      .from(bids)
      .innerJoin(users, eq(users.id, bids.userId))
      .where(
        and(
          eq(bids.productId, productId),
          ne(bids.kind, "max_raise"),
          gt(bids.id, afterId),
          beforeOrAt === undefined ? undefined : lte(bids.id, beforeOrAt),
        ),
      )
      .orderBy(asc(bids.id));
    return rows.map(
      (row): PublicBid => ({
        id: row.id,
        amountMinor: row.amountMinor,
        at: row.at.toISOString(),
        bidder: maskUsername(row.username),
        automatic: row.kind === "automatic",
      }),
    );
  }

  /** Product names and paths for messages and mails, in both languages. */
  async function productInfo(executor: Db, productId: number) {
    const [row] = await executor
      .select({
        nameCs: products.nameCs,
        nameEn: products.nameEn,
        slugCs: products.slugCs,
        slugEn: products.slugEn,
        categorySlugCs: categories.slugCs,
        categorySlugEn: categories.slugEn,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, productId))
      .limit(1);
    if (!row) return null;
    return {
      id: productId,
      name: (locale: Locale) => (locale === "en" && row.nameEn ? row.nameEn : row.nameCs),
      url: (locale: Locale) =>
        config.publicUrl +
        localePath("product", locale, {
          id: productId,
          category: locale === "en" ? row.categorySlugEn || row.categorySlugCs : row.categorySlugCs,
          product: locale === "en" ? row.slugEn || row.slugCs : row.slugCs,
        }),
    };
  }

  type Recipient = {
    id: number;
    email: string;
    username: string;
    locale: string;
    notificationPreferences: Record<string, boolean>;
    deletedAt: Date | null;
  };

  async function recipients(executor: Db, ids: number[]): Promise<Map<number, Recipient>> {
    if (ids.length === 0) return new Map();
    const rows = await executor
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        locale: users.locale,
        notificationPreferences: users.notificationPreferences,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * One notification through the messages module's notifier: a system message in the user's
   * system thread (linking the conversation with the other side when there is one, else the
   * auction) and, unless they turned the kind's e-mails off, a mail in their language; both inside
   * the caller's transaction.
   */
  async function tell(
    tx: Db,
    user: Recipient,
    event: "outbid" | "leading" | "won" | "sold" | "unsold" | "lost" | "no_winner" | "ending_soon",
    product: NonNullable<Awaited<ReturnType<typeof productInfo>>>,
    params: Record<string, string | number>,
    extra: { payload?: Record<string, unknown>; onceKey?: string } = {},
  ) {
    if (user.deletedAt) return;
    const threadId = extra.payload?.threadId;
    await notifier.notify(tx, user.id, event, {
      productId: product.id,
      values: params,
      payload: extra.payload,
      onceKey: extra.onceKey,
      link: typeof threadId === "number" ? { page: "accountMessageThread", params: { threadId } } : undefined,
    });
  }

  /**
   * The auction's close job at its end. The key names the auction and the end: asking twice for
   * the same end queues one job, and an end moved earlier (an operator) still gets its own job,
   * where one key per auction would keep only the job for the old, later end.
   */
  async function scheduleClose(productId: number, endsAt: Date, tx?: Db) {
    await jobs.send(
      CLOSE_QUEUE,
      { productId },
      { startAfter: endsAt, singletonKey: `auction-${productId}-${endsAt.getTime()}`, tx },
    );
  }

  type Judged =
    | { ok: false; reason: BidRefusal; minimumMinor?: number }
    | { ok: true; outcome: Extract<ReturnType<typeof placeBidRule>, { accepted: true }> };

  /** Who may bid, whether the auction takes bids, then the rules: the one judgement of a bid. */
  async function judge(
    executor: Db,
    row: LockedAuction | null,
    input: { bidder: Bidder; amountMinor: number; maxMinor?: number | null; at: Date },
    options: AuctionRuleOptions | null,
  ): Promise<Judged> {
    const { bidder } = input;
    if (!row) return { ok: false, reason: "not_found" };
    if (row.sellerId === bidder.id) return { ok: false, reason: "own_item" };
    if (!bidder.emailConfirmed) return { ok: false, reason: "email_not_confirmed" };
    if (!bidder.adultConfirmed) return { ok: false, reason: "adult_not_confirmed" };
    if (["draft", "awaiting_payment", "scheduled"].includes(row.status))
      return { ok: false, reason: "not_active" };
    if (row.status !== "active" || !options) return { ok: false, reason: "ended" };
    const leader = await leaderOf(executor, row);
    const outcome = placeBidRule(
      stateOf(row, leader),
      { userId: bidder.id, amountMinor: input.amountMinor, maxMinor: input.maxMinor ?? null, at: input.at },
      options,
    );
    if (!outcome.accepted) return { ok: false, reason: outcome.reason, minimumMinor: outcome.minimumMinor };
    return { ok: true, outcome };
  }

  const service = {
    ruleOptions,
    scheduleClose,

    /** The activation job of a scheduled listing at its activation date. */
    async scheduleActivation(productId: number, activationAt: Date, tx?: Db) {
      await jobs.send(
        ACTIVATE_QUEUE,
        { productId },
        { startAfter: activationAt, singletonKey: `listing-${productId}`, tx },
      );
    },

    /**
     * A bid (with an optional proxy maximum), decided under the auction's row lock. Refusals say
     * why; an accepted bid returns the new public state, the history rows it added and where the
     * bidder now stands.
     */
    async placeBid(input: {
      productId: number;
      bidder: Bidder;
      amountMinor: number;
      maxMinor?: number | null;
      /** Tests only: the bid's instant (defaults to the moment the lock is held). */
      now?: Date;
    }): Promise<PlaceBidResult> {
      const options = await ruleOptions();
      const { bidder } = input;
      const result = await db.transaction(async (tx) => {
        const row = await lockAuction(tx, input.productId);
        // The bid's time is taken once the lock is held: bids are then ordered in time exactly as
        // they were decided, which the tie rule (earlier maximum wins) relies on.
        const at = input.now ?? new Date();
        const judged = await judge(tx, row, { ...input, at }, options);
        if (!judged.ok) return judged;
        const { outcome } = judged;
        if (!row) throw new Error("unreachable: judged without a row");

        const inserted = await tx
          .insert(bids)
          .values(
            outcome.rows.map((bid) => ({
              productId: row.id,
              userId: bid.userId,
              amountMinor: bid.amountMinor,
              maxAmountMinor: bid.maxMinor,
              isAutomatic: bid.kind === "automatic",
              kind: bid.kind,
              createdAt: bid.at,
            })),
          )
          .returning({ id: bids.id, kind: bids.kind });
        const lastBidId = Math.max(...inserted.map((bid) => bid.id));
        const next = outcome.state;
        const updated: LockedAuction = {
          ...row,
          currentPriceMinor: next.currentPriceMinor,
          bidCount: next.bidCount,
          endsAt: next.endsAt,
          leaderId: next.leader?.userId ?? null,
          leaderMaxMinor: next.leader?.maxMinor ?? null,
          leaderSince: next.leader?.since ?? null,
          lastBidId,
        };
        await tx
          .update(products)
          .set({
            currentPriceMinor: updated.currentPriceMinor,
            bidCount: updated.bidCount,
            endsAt: updated.endsAt,
            leaderId: updated.leaderId,
            leaderMaxMinor: updated.leaderMaxMinor,
            leaderSince: updated.leaderSince,
            lastBidId,
            updatedAt: at,
          })
          .where(eq(products.id, row.id));

        const visible = inserted.filter((bid) => bid.kind !== "max_raise");
        if (visible.length > 0) await notify(tx, { productId: row.id, bidId: lastBidId, event: "bid" });
        if (outcome.outbidUserId !== null) {
          await jobs.send(
            OUTBID_QUEUE,
            { productId: row.id, userId: outcome.outbidUserId, bidId: lastBidId },
            { tx },
          );
        }
        const defender = next.leader?.userId;
        if (
          defender !== undefined &&
          defender !== bidder.id &&
          outcome.rows.some((bidRow) => bidRow.kind === "automatic" && bidRow.userId === defender)
        ) {
          await jobs.send(LEADING_QUEUE, { productId: row.id, userId: defender, bidId: lastBidId }, { tx });
        }
        // The public rows this bid added, built from what was just written: only the bidders'
        // names are read (inside the transaction: on the embedded engine's single connection a
        // read after the commit would queue behind every waiting request once more).
        // Identity values follow the order of the VALUES list: the n-th id is the n-th row.
        const shown = [...inserted]
          .sort((a, b) => a.id - b.id)
          .map((bid, index) => ({ id: bid.id, row: outcome.rows[index] }))
          .filter(({ row: bidRow }) => bidRow.kind !== "max_raise");
        const names = new Map<number, string>();
        if (shown.length > 0) {
          const people = await tx
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.id, [...new Set(shown.map(({ row: bidRow }) => bidRow.userId))]));
          for (const person of people) names.set(person.id, person.username);
        }
        const added: PublicBid[] = shown.map(({ id, row: bidRow }) => ({
          id,
          amountMinor: bidRow.amountMinor,
          at: bidRow.at.toISOString(),
          bidder: maskUsername(names.get(bidRow.userId) ?? "?"),
          automatic: bidRow.kind === "automatic",
        }));
        const myMax = next.leader?.userId === bidder.id ? next.leader.maxMinor : null;
        return {
          ok: true as const,
          row: updated,
          added,
          extended: outcome.extended,
          leading: next.leader?.userId === bidder.id,
          myMax: myMax ?? Math.max(input.maxMinor ?? 0, input.amountMinor),
          at,
        };
      });
      if (!result.ok) return result;
      return {
        ok: true,
        live: liveOf(result.row, options, result.at),
        bids: result.added,
        viewer: { leading: result.leading, hasBid: true, maxMinor: result.myMax, won: false, threadId: null },
        extended: result.extended,
      };
    },

    /**
     * What placing the bid now would answer, without placing it (no lock, nothing stored): the
     * page's confirmation step asks only when the bid would be accepted at this moment.
     */
    async previewBid(input: {
      productId: number;
      bidder: Bidder;
      amountMinor: number;
      maxMinor?: number | null;
    }): Promise<{ ok: true; raise: boolean } | { ok: false; reason: BidRefusal; minimumMinor?: number }> {
      const options = await ruleOptions();
      const [row] = await db
        .select(auctionColumns)
        .from(products)
        .where(eq(products.id, input.productId))
        .limit(1);
      const judged = await judge(
        db,
        row?.format === "auction" ? row : null,
        { ...input, at: new Date() },
        options,
      );
      if (!judged.ok) return judged;
      return { ok: true, raise: judged.outcome.rows[0]?.kind === "max_raise" };
    },

    /** The public state and the public history after `afterId` (0 = all), read consistently. */
    async liveState(
      productId: number,
      afterId = 0,
    ): Promise<{
      live: AuctionLive;
      bids: PublicBid[];
      leaderId: number | null;
      winnerId: number | null;
    } | null> {
      const options = await ruleOptions();
      const [row] = await db.select(auctionColumns).from(products).where(eq(products.id, productId)).limit(1);
      if (row?.format !== "auction") return null;
      const now = new Date();
      // Only rows up to the product's own last bid: a bid committed between the two reads comes
      // with the next event, together with the state it produced.
      const history = await publicBids(db, productId, afterId, row.lastBidId ?? 2_147_483_647);
      return {
        live: liveOf(row, options, now),
        bids: history,
        leaderId: row.leaderId,
        winnerId: row.winnerId,
      };
    },

    /** Where a user stands in an auction (the page and the API show it to them only). */
    async standing(productId: number, userId: number): Promise<ViewerStanding> {
      const [row] = await db
        .select({
          leaderId: products.leaderId,
          leaderMaxMinor: products.leaderMaxMinor,
          winnerId: products.winnerId,
          // Written out: inside a subquery drizzle would name the columns without their tables.
          myMax: sql<
            string | number | null
          >`(select max(greatest(coalesce(b.max_amount_minor, 0), b.amount_minor)) from bids b where b.product_id = "products"."id" and b.user_id = ${userId} and b.kind <> 'automatic')`,
          myBids: sql<number>`(select count(*)::int from bids b where b.product_id = "products"."id" and b.user_id = ${userId})`,
          threadId: sql<
            number | null
          >`(select t.id from message_threads t join thread_participants tp on tp.thread_id = t.id where t.product_id = "products"."id" and t.kind = 'conversation' and tp.user_id = ${userId} and tp.role = 'buyer' limit 1)`,
        })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      if (!row) return { leading: false, hasBid: false, maxMinor: null, won: false, threadId: null };
      const leading = row.leaderId === userId;
      return {
        leading,
        hasBid: row.myBids > 0,
        maxMinor: leading ? row.leaderMaxMinor : row.myMax === null ? null : Number(row.myMax),
        won: row.winnerId === userId,
        threadId: row.winnerId === userId ? row.threadId : null,
      };
    },

    /**
     * Closes an auction whose end has come, exactly once: under the row lock, only an active
     * auction past its end is decided; a second call (another instance, a retried job, the sweeper)
     * finds it closed and does nothing. Winner, seller and the other bidders are told (message and
     * mail), and the winner and the seller get a conversation about the product.
     */
    async closeAuction(productId: number, now = new Date()): Promise<CloseResult> {
      return db.transaction(async (tx): Promise<CloseResult> => {
        const row = await lockAuction(tx, productId);
        if (row?.status !== "active") return { status: "skipped" };
        if (row.endsAt && row.endsAt.getTime() > now.getTime())
          return { status: "not_due", endsAt: row.endsAt };
        const leader = await leaderOf(tx, row);
        const result = decideAuction(stateOf(row, leader));
        const sold = result.outcome === "sold";
        // product.md's lifecycle: active -> sold with a winner, active -> ended without one
        // (docs/decisions/0007-bidding.md).
        const status: ProductStatus = sold ? "sold" : "ended";
        await tx
          .update(products)
          .set({
            status,
            endedAt: now,
            winnerId: sold ? result.winnerId : null,
            leaderId: leader?.userId ?? null,
            leaderMaxMinor: leader?.maxMinor ?? null,
            leaderSince: leader?.since ?? null,
            updatedAt: now,
          })
          .where(eq(products.id, row.id));
        await tx.insert(productStatusChanges).values({
          productId: row.id,
          fromStatus: "active",
          toStatus: status,
          actorId: null,
          reason: sold ? "auction_won" : `auction_${result.reason}`,
          createdAt: now,
        });

        const bidderRows = await tx
          .selectDistinct({ userId: bids.userId })
          .from(bids)
          .where(eq(bids.productId, row.id));
        const bidderIds = bidderRows.map((bidder) => bidder.userId);
        const people = await recipients(tx, [...bidderIds, ...(row.sellerId ? [row.sellerId] : [])]);
        const product = await productInfo(tx, row.id);
        if (product) {
          const price = formatPrice(
            result.outcome === "sold"
              ? result.priceMinor
              : (row.currentPriceMinor ?? row.startPriceMinor ?? 0),
            null,
          );
          const payload = { productId: row.id };
          const seller = row.sellerId ? people.get(row.sellerId) : undefined;
          if (result.outcome === "sold") {
            const winner = people.get(result.winnerId);
            let threadId: number | null = null;
            if (row.sellerId) {
              const thread = await openProductThread(tx, {
                productId: row.id,
                sellerId: row.sellerId,
                buyerId: result.winnerId,
              });
              threadId = thread.threadId;
            }
            const threadPayload = { ...payload, threadId };
            if (winner) await tell(tx, winner, "won", product, { price }, { payload: threadPayload });
            if (seller)
              await tell(
                tx,
                seller,
                "sold",
                product,
                { price, buyer: winner?.username ?? "" },
                { payload: threadPayload },
              );
          } else if (seller) {
            await tell(
              tx,
              seller,
              "unsold",
              product,
              { price },
              { payload: { ...payload, reason: result.reason } },
            );
          }
          for (const bidderId of bidderIds) {
            if (result.outcome === "sold" && bidderId === result.winnerId) continue;
            const bidder = people.get(bidderId);
            // Without a winner (the reserve was not met) nobody else won either.
            const event = result.outcome === "sold" ? "lost" : "no_winner";
            if (bidder) await tell(tx, bidder, event, product, { price }, { payload });
          }
        }
        await notify(tx, { productId: row.id, event: "closed" });
        return result.outcome === "sold"
          ? { status: "closed", outcome: "sold", winnerId: result.winnerId, priceMinor: result.priceMinor }
          : { status: "closed", outcome: "unsold", reason: result.reason };
      });
    },

    /**
     * Moves the end of a running auction (operator tools, the browser tests): the close job follows
     * the new end and every open page hears of it. False when the auction is not running.
     */
    async moveEnd(productId: number, endsAt: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await lockAuction(tx, productId);
        if (row?.status !== "active") return false;
        await tx.update(products).set({ endsAt, updatedAt: new Date() }).where(eq(products.id, productId));
        await scheduleClose(productId, endsAt, tx);
        await notify(tx, { productId, event: "end_moved" });
        return true;
      });
    },

    /** The browser tests' fresh auction (diagnostics.ts), with its close job. */
    async createDiagnosticsAuction(input: Parameters<typeof createDiagnosticsAuction>[1]) {
      const id = await createDiagnosticsAuction(db, input);
      if (id !== null) await scheduleClose(id, input.endsAt);
      return id;
    },

    /** Every active auction past its end (the sweeper: crash safety). Returns how many were closed. */
    async closeOverdue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.format, "auction"), eq(products.status, "active"), lte(products.endsAt, now)))
        .orderBy(asc(products.endsAt))
        .limit(500);
      let closed = 0;
      for (const { id } of due) {
        const result = await service.closeAuction(id, now);
        if (result.status === "closed") closed += 1;
      }
      return closed;
    },

    /** The outbid notice (a job, so that the bid itself stays short); at most once per outbidding bid. */
    async notifyOutbid(input: { productId: number; userId: number; bidId: number }) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ leaderId: products.leaderId, status: products.status, price: products.currentPriceMinor })
          .from(products)
          .where(eq(products.id, input.productId))
          .limit(1);
        // Back in the lead by the time the job runs, or the auction is over: nothing to say.
        if (row?.status !== "active" || row.leaderId === input.userId) return;
        const [user] = (await recipients(tx, [input.userId])).values();
        const product = await productInfo(tx, input.productId);
        if (!user || !product) return;
        await tell(
          tx,
          user,
          "outbid",
          product,
          { price: formatPrice(row.price ?? 0, null) },
          { payload: { productId: input.productId, bidId: input.bidId }, onceKey: `bid-${input.bidId}` },
        );
      });
    },

    /** The "still leading" notice (a job, like the outbid one); once per answered bid, only while still leading. */
    async notifyLeading(input: { productId: number; userId: number; bidId: number }) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ leaderId: products.leaderId, status: products.status, price: products.currentPriceMinor })
          .from(products)
          .where(eq(products.id, input.productId))
          .limit(1);
        if (row?.status !== "active" || row.leaderId !== input.userId) return;
        const [user] = (await recipients(tx, [input.userId])).values();
        const product = await productInfo(tx, input.productId);
        if (!user || !product) return;
        await tell(
          tx,
          user,
          "leading",
          product,
          { price: formatPrice(row.price ?? 0, null) },
          { payload: { productId: input.productId, bidId: input.bidId }, onceKey: `bid-${input.bidId}` },
        );
      });
    },

    /**
     * "Ending soon" for the watchers (wishlist items of signed-in users) of every active auction
     * that ends within the hour, once per auction (ending_notice_at, set in the same transaction).
     */
    async notifyEndingSoon(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.format, "auction"),
            eq(products.status, "active"),
            isNull(products.endingNoticeAt),
            lte(products.endsAt, new Date(now.getTime() + ENDING_SOON_MS)),
            gt(products.endsAt, now),
          ),
        )
        .limit(500);
      let sent = 0;
      for (const { id } of due) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({
              endingNoticeAt: products.endingNoticeAt,
              endsAt: products.endsAt,
              status: products.status,
            })
            .from(products)
            .where(eq(products.id, id))
            .for("update");
          if (!row || row.endingNoticeAt || row.status !== "active" || !row.endsAt) return;
          await tx.update(products).set({ endingNoticeAt: now }).where(eq(products.id, id));
          const watchers = await tx
            .selectDistinct({ userId: wishlists.userId })
            .from(wishlistItems)
            .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
            .where(eq(wishlistItems.productId, id));
          const ids = watchers.map((w) => w.userId).filter((userId): userId is number => userId !== null);
          const people = await recipients(tx, ids);
          const product = await productInfo(tx, id);
          if (!product) return;
          for (const person of people.values()) {
            const minutes = Math.max(1, Math.round((row.endsAt.getTime() - now.getTime()) / 60_000));
            await tell(tx, person, "ending_soon", product, { minutes }, { payload: { productId: id } });
            sent += 1;
          }
        });
      }
      return sent;
    },

    /**
     * A scheduled listing goes live at its activation date, once (under the row lock); an auction
     * gets its close job. Returns whether it was activated now.
     */
    async activateListing(productId: number, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: products.id,
            format: products.format,
            status: products.status,
            activationAt: products.activationAt,
            endsAt: products.endsAt,
            auctionDuration: products.auctionDuration,
            sellerId: products.sellerId,
          })
          .from(products)
          .where(eq(products.id, productId))
          .for("update");
        if (row?.status !== "scheduled") return false;
        if (row.activationAt && row.activationAt.getTime() > now.getTime()) {
          await service.scheduleActivation(productId, row.activationAt, tx);
          return false;
        }
        // The end was fixed when the listing was added (listings module); one without it gets its
        // end from the moment it goes live, by the same rules.
        const endsAt =
          row.endsAt ??
          (row.format !== "auction"
            ? null
            : row.auctionDuration === "month"
              ? monthlyAuctionEnd(now)
              : weeklyAuctionEnd(now));
        await tx
          .update(products)
          .set({ status: "active", endsAt, activationAt: row.activationAt ?? now, updatedAt: now })
          .where(eq(products.id, productId));
        await tx.insert(productStatusChanges).values({
          productId,
          fromStatus: "scheduled",
          toStatus: "active",
          actorId: null,
          reason: "activation_date",
          createdAt: now,
        });
        if (row.format === "auction" && endsAt) await scheduleClose(productId, endsAt, tx);
        await notify(tx, { productId, event: "activated" });
        if (row.sellerId !== null)
          await notifier.notify(tx, row.sellerId, "listing_activated", { productId });
        return true;
      });
    },

    /** Every scheduled listing whose activation date has come (the sweeper). */
    async activateDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.status, "scheduled"), lte(products.activationAt, now)))
        .limit(500);
      let activated = 0;
      for (const { id } of due) if (await service.activateListing(id, now)) activated += 1;
      return activated;
    },

    /** The public bid history of an auction, newest first, with its state; null when there is no such auction. */
    async history(productId: number) {
      const state = await service.liveState(productId);
      if (!state || ["draft", "rejected", "expired"].includes(state.live.status)) return null;
      return { live: state.live, bids: [...state.bids].reverse() };
    },

    /**
     * The auctions a user bid on, grouped: leading and outbid while they run, won and lost once
     * decided; each with the user's own maximum and the current price, newest activity first.
     */
    async myBids(userId: number, locale: Locale): Promise<MyBid[]> {
      const result = await db.execute(sql`
        with mine as (
          select product_id,
                 max(greatest(coalesce(max_amount_minor, 0), amount_minor)) filter (where kind <> 'automatic') as my_max,
                 count(*) filter (where kind <> 'max_raise')::int as my_bids,
                 max(created_at) as last_at
          from bids where user_id = ${userId} group by product_id
        )
        select p.id, p.status, p.name_cs, p.name_en, p.slug_cs, p.slug_en, c.slug_cs as category_slug_cs,
               c.slug_en as category_slug_en, p.start_price_minor, p.current_price_minor, p.bid_count,
               p.ends_at, p.ended_at, p.leader_id, p.leader_max_minor, p.winner_id, p.seller_id,
               mine.my_max, mine.my_bids, mine.last_at,
               (select rtrim(i.path, '/') || '/' || i.file_name from product_images i where i.product_id = p.id
                 order by i.position, i.id limit 1) as image,
               (select t.id from message_threads t join thread_participants tp on tp.thread_id = t.id
                 where t.product_id = p.id and t.kind = 'conversation' and tp.user_id = ${userId}
                   and tp.role = 'buyer' limit 1) as thread_id
        from mine join products p on p.id = mine.product_id join categories c on c.id = p.category_id
        where p.format = 'auction'
        order by coalesce(p.ended_at, p.ends_at) desc nulls last, p.id desc
        limit 500`);
      type Row = {
        id: number;
        status: ProductStatus;
        name_cs: string;
        name_en: string | null;
        slug_cs: string;
        slug_en: string | null;
        category_slug_cs: string;
        category_slug_en: string | null;
        start_price_minor: string | number | null;
        current_price_minor: string | number | null;
        bid_count: number;
        ends_at: string | Date | null;
        ended_at: string | Date | null;
        leader_id: number | null;
        leader_max_minor: string | number | null;
        winner_id: number | null;
        my_max: string | number | null;
        my_bids: number;
        image: string | null;
        thread_id: number | null;
      };
      const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
      return rowsOf<Row>(result).map((row) => {
        const live = row.status === "active";
        const group: MyBidGroup = live
          ? row.leader_id === userId
            ? "leading"
            : "outbid"
          : row.winner_id === userId
            ? "won"
            : "lost";
        const leaderMax = row.leader_max_minor === null ? null : Number(row.leader_max_minor);
        const myMax = group === "leading" && leaderMax !== null ? leaderMax : Number(row.my_max ?? 0);
        const en = locale === "en";
        return {
          productId: row.id,
          name: en && row.name_en ? row.name_en : row.name_cs,
          url: localePath("product", locale, {
            id: row.id,
            category: en ? row.category_slug_en || row.category_slug_cs : row.category_slug_cs,
            product: en ? row.slug_en || row.slug_cs : row.slug_cs,
          }),
          image: row.image,
          status: row.status,
          group,
          priceMinor: Number(
            row.bid_count > 0 ? (row.current_price_minor ?? 0) : (row.start_price_minor ?? 0),
          ),
          myMaxMinor: myMax,
          myBidCount: row.my_bids,
          bidCount: row.bid_count,
          endsAt: iso(row.ends_at),
          endedAt: iso(row.ended_at),
          threadId: group === "won" ? row.thread_id : null,
        };
      });
    },
  };
  return service;
}

export type BiddingService = ReturnType<typeof createBiddingService>;
