import { and, eq, inArray, ne, or } from "drizzle-orm";
import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import {
  type AuctionLeader,
  type AuctionOutcome,
  closedStatus,
  closeOutcome,
  closeReason,
  leadingPrice,
} from "#core/lifecycles/auction.ts";
import { listingLifecycle, releaseState } from "#core/lifecycles/listing.ts";
import { auctionEnd } from "#core/rules/auction-end.ts";
import type { Db } from "#server/db/client.ts";
import { type NewProduct, productStatusChanges, products } from "./tables/products.ts";

/**
 * The one place where a listing (a products row) is created and its status written
 * (docs/architecture.md, "Lifecycles"; tests/architecture/status-writes.test.ts checks it). Each
 * operation takes the caller's transaction, reads the row under its lock, applies its named
 * transition (`listing.release`, `listing.cancel`, …: core/lifecycles/listing.ts), writes it and records it in
 * product_status_changes (from, to, who, why). Who may ask for a move (the seller, a payment, a
 * job) is the caller's rule; these only keep the lifecycle.
 */

/** Who made a change and why, for product_status_changes; `at` defaults to the database's now. */
export type StatusChange = { actorId: number | null; reason: string; at?: Date };

async function record(
  tx: Db,
  productIds: number[],
  from: ProductStatus | null | ((productId: number) => ProductStatus),
  to: ProductStatus,
  change: StatusChange,
) {
  if (productIds.length === 0) return;
  await tx.insert(productStatusChanges).values(
    productIds.map((productId) => ({
      productId,
      fromStatus: typeof from === "function" ? from(productId) : from,
      toStatus: to,
      actorId: change.actorId,
      reason: change.reason,
      createdAt: change.at,
    })),
  );
}

async function lockRow(tx: Db, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  return row ?? null;
}

/** A new listing's columns: its status must be one a creating transition may reach. */
export type NewListing = Omit<NewProduct, "id" | "status"> & { status: ProductStatus };

/** The creating transition that starts a listing in `status`: a draft, a hold for review, or submitted. */
function creationOf(status: ProductStatus) {
  if (status === "draft") return "save_draft" as const;
  if (status === "in_review") return "hold_for_review" as const;
  return "submit" as const;
}

/** Adds a listing (a new one, or a relisted copy) and records its creation; returns its id. */
export async function createListing(tx: Db, values: NewListing, change: StatusChange): Promise<number> {
  listingLifecycle.create(creationOf(values.status), values.status);
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  await record(tx, [row.id], null, values.status, change);
  return row.id;
}

/**
 * Columns of a listing other than its status (the seller's edit): the lifecycle is not touched,
 * so the caller holds the row lock and decides what may change.
 */
export type ListingChanges = Omit<Partial<NewProduct>, "id" | "status">;

export async function updateListing(tx: Db, id: number, changes: ListingChanges): Promise<void> {
  if ("status" in changes) throw new Error("A listing's status changes only through its transitions");
  await tx.update(products).set(changes).where(eq(products.id, id));
}

export type Release = {
  status: "scheduled" | "active";
  activationAt: Date;
  endsAt: Date | null;
  format: ProductFormat;
  sellerId: number | null;
};

/**
 * The fee of an unpaid listing was paid: awaiting_payment -> scheduled (a future activation
 * date) or active, its dates fixed from `at`. Null when it was not awaiting payment (a repeated
 * notification changes nothing).
 */
export async function releaseAfterPayment(tx: Db, id: number, at: Date): Promise<Release | null> {
  const row = await lockRow(tx, id);
  if (row?.status !== "awaiting_payment") return null;
  const state = releaseState({ ...row, duration: row.auctionDuration }, at);
  listingLifecycle.move("release", row.status, state.status);
  await tx
    .update(products)
    .set({ status: state.status, activationAt: state.activationAt, endsAt: state.endsAt, updatedAt: at })
    .where(eq(products.id, id));
  await record(tx, [id], row.status, state.status, { actorId: null, reason: "paid", at });
  return { ...state, format: row.format, sellerId: row.sellerId };
}

export type Activation =
  | { status: "activated"; format: ProductFormat; endsAt: Date | null; sellerId: number | null }
  /** Its date has not come: the caller re-queues the activation for `activationAt`. */
  | { status: "not_due"; activationAt: Date }
  /** Not scheduled (activated already, cancelled...): nothing to do. */
  | { status: "skipped" };

/**
 * The activation date of a scheduled listing has come: scheduled -> active. An auction keeps the
 * end fixed when it was released; one without an end gets it from this moment by its duration.
 */
export async function activate(tx: Db, id: number, at: Date): Promise<Activation> {
  const row = await lockRow(tx, id);
  if (row?.status !== "scheduled") return { status: "skipped" };
  if (row.activationAt && row.activationAt.getTime() > at.getTime())
    return { status: "not_due", activationAt: row.activationAt };
  const endsAt =
    row.endsAt ?? (row.format === "auction" ? auctionEnd(row.auctionDuration ?? "week", at) : null);
  listingLifecycle.move("activate", row.status);
  await tx
    .update(products)
    .set({ status: "active", endsAt, activationAt: row.activationAt ?? at, updatedAt: at })
    .where(eq(products.id, id));
  await record(tx, [id], "scheduled", "active", { actorId: null, reason: "activation_date", at });
  return { status: "activated", format: row.format, endsAt, sellerId: row.sellerId };
}

/**
 * Closes a live auction whose end has come (the caller checked the end under the lock it holds):
 * active -> sold to the leader at the current price when the reserve is met, else active -> ended
 * (core/lifecycles/auction.ts). Writes the winner, ended_at and the leader as decided (an auction
 * whose bids were written without a leader on its row gets it from the caller, who read the bids).
 * Null when the listing is not a live auction.
 */
export async function closeAuction(
  tx: Db,
  id: number,
  close: { leader: AuctionLeader | null; at: Date },
): Promise<AuctionOutcome | null> {
  const row = await lockRow(tx, id);
  if (row?.format !== "auction" || row.status !== "active") return null;
  const { leader, at } = close;
  const outcome = closeOutcome({
    leader,
    currentPriceMinor: leadingPrice(row),
    reservePriceMinor: row.reservePriceMinor,
  });
  const status = listingLifecycle.move("close", row.status, closedStatus(outcome));
  await tx
    .update(products)
    .set({
      status,
      endedAt: at,
      winnerId: outcome.outcome === "sold" ? outcome.winnerId : null,
      leaderId: leader?.userId ?? null,
      leaderMaxMinor: leader?.maxMinor ?? null,
      leaderSince: leader?.since ?? null,
      updatedAt: at,
    })
    .where(eq(products.id, id));
  await record(tx, [id], "active", status, { actorId: null, reason: closeReason(outcome), at });
  return outcome;
}

/**
 * Buy it now (`listing.buy_now`): active -> sold at once to the buyer (winner and leader) at that
 * price. The caller (bidding) holds the row lock a bid takes and checked that the offer stands.
 */
export async function buyNow(
  tx: Db,
  id: number,
  sale: { buyerId: number; priceMinor: number; at: Date },
): Promise<void> {
  const row = await lockRow(tx, id);
  if (row?.format !== "auction") throw new Error(`No auction ${id}`);
  const status = listingLifecycle.move("buy_now", row.status, "sold");
  const { buyerId, priceMinor: price, at } = sale;
  const prices = { currentPriceMinor: price, listedPriceMinor: price, leaderMaxMinor: price };
  const ends = { endsAt: at, endedAt: at, leaderSince: at, updatedAt: at };
  const changes = { status, winnerId: buyerId, leaderId: buyerId, ...prices, ...ends };
  await tx.update(products).set(changes).where(eq(products.id, id));
  await record(tx, [id], "active", status, { actorId: buyerId, reason: "buy_now", at });
}

/** The seller closes a live classified with a buyer: active -> sold, the buyer as its winner. */
export async function markSold(
  tx: Db,
  id: number,
  buyerId: number,
  by: { actorId: number; at: Date },
): Promise<void> {
  const row = await lockRow(tx, id);
  if (!row) throw new Error(`No listing ${id}`);
  listingLifecycle.move("mark_sold", row.status);
  await tx
    .update(products)
    .set({ status: "sold", winnerId: buyerId, endedAt: by.at, updatedAt: by.at })
    .where(eq(products.id, id));
  await record(tx, [id], row.status, "sold", {
    actorId: by.actorId,
    reason: `sold_to:${buyerId}`,
    at: by.at,
  });
}

/**
 * A classified's deal through the site was paid (issue 35): active -> sold, the deal's buyer its
 * winner. False when the listing is no longer active (the payment stands; the deal goes on).
 */
export async function sellThroughDeal(tx: Db, id: number, buyerId: number, at: Date): Promise<boolean> {
  const row = await lockRow(tx, id);
  if (!row || !listingLifecycle.sources("mark_sold").includes(row.status)) return false;
  listingLifecycle.move("mark_sold", row.status);
  await tx
    .update(products)
    .set({ status: "sold", winnerId: buyerId, endedAt: at, updatedAt: at })
    .where(eq(products.id, id));
  await record(tx, [id], row.status, "sold", { actorId: null, reason: `deal_paid:${buyerId}`, at });
  return true;
}

/** Withdraws a listing (the seller; whether nobody bid is the caller's check under the same lock). */
export async function cancel(tx: Db, id: number, by: StatusChange & { at: Date }): Promise<void> {
  const row = await lockRow(tx, id);
  if (!row) throw new Error(`No listing ${id}`);
  listingLifecycle.move("cancel", row.status);
  await tx.update(products).set({ status: "cancelled", updatedAt: by.at }).where(eq(products.id, id));
  await record(tx, [id], row.status, "cancelled", by);
}

/**
 * Unpaid listings expire (awaiting_payment -> expired, "never paid"): of `ids`, those still
 * awaiting payment under the lock. Returns the ids that expired.
 */
export async function expire(tx: Db, ids: number[], at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, "awaiting_payment")))
    .for("update");
  const expiring = rows.map((row) => row.id);
  if (expiring.length === 0) return [];
  listingLifecycle.move("expire", "awaiting_payment");
  await tx.update(products).set({ status: "expired", updatedAt: at }).where(inArray(products.id, expiring));
  await record(tx, expiring, "awaiting_payment", "expired", { actorId: null, reason: "unpaid", at });
  return expiring;
}

/** Moderation refuses a listing (in_review, awaiting_payment, scheduled or active -> rejected). */
export async function reject(
  tx: Db,
  id: number,
  reason: string,
  by: { actorId: number | null; at: Date } = { actorId: null, at: new Date() },
): Promise<ProductStatus> {
  const row = await lockRow(tx, id);
  if (!row) throw new Error(`No listing ${id}`);
  listingLifecycle.move("reject", row.status);
  await tx.update(products).set({ status: "rejected", updatedAt: by.at }).where(eq(products.id, id));
  await record(tx, [id], row.status, "rejected", { ...by, reason });
  // The status it left, which a reversal of the decision restores (reinstate).
  return row.status;
}

/**
 * A moderator approves a listing held for pre-moderation: in_review -> where it would have gone
 * without the hold (awaiting_payment while its fee is unpaid, else scheduled or active with its
 * dates fixed from `at`). Null when it was not in review.
 */
export async function approve(
  tx: Db,
  id: number,
  feeDue: boolean,
  by: { actorId: number; at: Date },
): Promise<(Release & { status: "scheduled" | "active" }) | { status: "awaiting_payment" } | null> {
  const row = await lockRow(tx, id);
  if (row?.status !== "in_review") return null;
  if (feeDue) {
    listingLifecycle.move("approve", row.status, "awaiting_payment");
    await tx
      .update(products)
      .set({ status: "awaiting_payment", updatedAt: by.at })
      .where(eq(products.id, id));
    await record(tx, [id], row.status, "awaiting_payment", {
      actorId: by.actorId,
      reason: "approved",
      at: by.at,
    });
    return { status: "awaiting_payment" };
  }
  const state = releaseState({ ...row, duration: row.auctionDuration }, by.at);
  listingLifecycle.move("approve", row.status, state.status);
  await tx
    .update(products)
    .set({ status: state.status, activationAt: state.activationAt, endsAt: state.endsAt, updatedAt: by.at })
    .where(eq(products.id, id));
  await record(tx, [id], row.status, state.status, { actorId: by.actorId, reason: "approved", at: by.at });
  return { ...state, format: row.format, sellerId: row.sellerId };
}

/**
 * An internal complaint reversed a rejection (DSA Art. 20): rejected -> the status it was rejected
 * from (core/lifecycles/listing.ts, REINSTATABLE_STATUSES). A live auction whose end passed
 * meanwhile gets a new end from its duration, so that bidders get their full time back.
 */
export async function reinstate(
  tx: Db,
  id: number,
  to: ProductStatus,
  by: { actorId: number; at: Date },
): Promise<{
  status: ProductStatus;
  format: ProductFormat;
  endsAt: Date | null;
  activationAt: Date | null;
} | null> {
  const row = await lockRow(tx, id);
  if (row?.status !== "rejected") return null;
  listingLifecycle.move("reinstate", row.status, to);
  const endsAt =
    to === "active" && row.format === "auction" && (!row.endsAt || row.endsAt.getTime() <= by.at.getTime())
      ? auctionEnd(row.auctionDuration ?? "week", by.at)
      : row.endsAt;
  await tx.update(products).set({ status: to, endsAt, updatedAt: by.at }).where(eq(products.id, id));
  await record(tx, [id], "rejected", to, { actorId: by.actorId, reason: "complaint_reversed", at: by.at });
  return { status: to, format: row.format, endsAt, activationAt: row.activationAt };
}

/** What a deleted account leaves unfinished: not yet live, or a live classified (nobody could answer a buyer). */
const CANCELLED_ON_DELETION = ["draft", "awaiting_payment", "scheduled"] as const;

/**
 * The seller deleted their account: their unfinished listings are cancelled (a running auction
 * blocks the deletion, the caller's check). Returns the ids cancelled.
 */
export async function cancelForDeletedAccount(tx: Db, sellerId: number, at: Date): Promise<number[]> {
  const unfinished = await tx
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(
      and(
        eq(products.sellerId, sellerId),
        or(
          inArray(products.status, [...CANCELLED_ON_DELETION]),
          and(eq(products.status, "active"), ne(products.format, "auction")),
        ),
      ),
    )
    .for("update");
  if (unfinished.length === 0) return [];
  for (const row of unfinished) listingLifecycle.move("cancel", row.status);
  const ids = unfinished.map((row) => row.id);
  const before = new Map(unfinished.map((row) => [row.id, row.status]));
  await tx.update(products).set({ status: "cancelled", updatedAt: at }).where(inArray(products.id, ids));
  // The lifecycle's audit: which listings ended with the account, and why (at the database's now, as before).
  await record(tx, ids, (id) => before.get(id)!, "cancelled", {
    actorId: sellerId,
    reason: "account_deleted",
  });
  return ids;
}
