import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { PaymentRequestRefusal, PaymentRequestView } from "#core/contracts/payment-requests.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { DealFees } from "#core/rules/deal-fees.ts";
import { paymentRequestView } from "#core/rules/payment-requests.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import { type DealFlow, liveDealOf } from "../deals/index.ts";
import { productSummaries } from "../listing-reads/index.ts";
import { type ConversationParties, conversationParties } from "../messages/index.ts";
import { groupDiscountsOf } from "../users/index.ts";
import { dealPaymentRequests, type PaymentRequestRow } from "./tables.ts";
import { closeRequest, createRequest, lockRequest } from "./transitions.ts";

/**
 * The seller's payment request in a classified's conversation (issue 35, item 1; ADR 0080): the
 * agreed price and one delivery, open for REQUEST_HOURS; the buyer's acceptance makes the deal
 * (`payment_request`, its request key the request's id: a second click answers the same deal).
 * Each step runs in the caller's transaction (service.ts) and answers in codes; the deal itself is
 * the deals module's, started through its flow in the same transaction.
 */

/** How long a request stays open: 48 hours (a constant, docs/product/deals.md). */
export const REQUEST_HOURS = 48;

type Refused = Result<never, PaymentRequestRefusal>;

/** The request's delivery as a deal's option. */
export function deliveryOf(request: PaymentRequestRow): DeliveryOption {
  return request.carrier === "pickup"
    ? { carrier: "pickup", town: request.pickupTown ?? "" }
    : { carrier: request.carrier, priceMinor: request.deliveryMinor };
}

/** The conversation the seller may request payment in: their own active supply classified. */
export async function sellersConversation(
  tx: Db,
  threadId: number,
  sellerId: number,
): Promise<Result<ConversationParties, PaymentRequestRefusal>> {
  const parties = await conversationParties(tx, threadId);
  if (!parties || parties.sellerId !== sellerId) return err("not_found");
  const product = (await productSummaries(tx, [parties.productId])).get(parties.productId);
  if (!product || product.sellerId !== sellerId) return err("not_found");
  if (product.format !== "classified" || product.type !== "supply") return err("not_classified");
  if (product.status !== "active") return err("not_active");
  if (parties.blocked) return err("blocked");
  // A deal that still holds the listing (deals_one_live_per_product).
  if (await liveDealOf(tx, parties.productId)) return err("taken");
  return ok(parties);
}

/** The seller sends a request; the conversation's open one, if any, is withdrawn (replaced). */
export async function sendRequest(
  tx: Db,
  input: { threadId: number; sellerId: number; priceMinor: number; delivery: DeliveryOption; now: Date },
): Promise<Result<{ request: PaymentRequestRow; parties: ConversationParties }, PaymentRequestRefusal>> {
  const parties = await sellersConversation(tx, input.threadId, input.sellerId);
  if (!parties.ok) return parties;
  // At most one open request per conversation (deal_payment_requests_one_open_per_thread).
  const [open] = await tx
    .select()
    .from(dealPaymentRequests)
    .where(and(eq(dealPaymentRequests.threadId, input.threadId), eq(dealPaymentRequests.status, "open")))
    .for("update");
  if (open) await closeRequest(tx, open, open.expiresAt <= input.now ? "expire" : "withdraw", input.now);
  const { delivery } = input;
  const request = await createRequest(
    tx,
    {
      threadId: input.threadId,
      productId: parties.value.productId,
      sellerId: input.sellerId,
      buyerId: parties.value.buyerId,
      priceMinor: input.priceMinor,
      carrier: delivery.carrier,
      deliveryMinor: "priceMinor" in delivery ? delivery.priceMinor : 0,
      pickupTown: delivery.carrier === "pickup" ? delivery.town : null,
      expiresAt: new Date(input.now.getTime() + REQUEST_HOURS * 60 * 60 * 1000),
    },
    input.now,
  );
  return ok({ request, parties: parties.value });
}

/**
 * The request of `id` for one of its parties, locked and still open; an open one past its expiry
 * is marked expired here (that write commits with the refusal). Others' requests: not_found.
 */
async function openFor(
  tx: Db,
  id: number,
  party: { userId: number; as: "buyer" | "seller" },
  now: Date,
): Promise<Result<PaymentRequestRow, PaymentRequestRefusal>> {
  const request = await lockRequest(tx, id);
  if (!request) return err("not_found");
  if ((party.as === "buyer" ? request.buyerId : request.sellerId) !== party.userId) return err("not_found");
  if (request.status !== "open") return err(request.status);
  if (request.expiresAt <= now) {
    await closeRequest(tx, request, "expire", now);
    return err("expired");
  }
  return ok(request);
}

export type Accepted = { dealId: number; created: boolean; request: PaymentRequestRow };

/** The buyer accepts: the deal at the request's price and delivery, once (a repeat answers it). */
export async function acceptRequest(
  tx: Db,
  input: { requestId: number; buyerId: number; now: Date; setting: DealsSetting },
  startDeal: DealFlow["startDeal"],
): Promise<Result<Accepted, PaymentRequestRefusal>> {
  const done = await lockRequest(tx, input.requestId);
  if (done?.status === "accepted" && done.buyerId === input.buyerId && done.dealId !== null)
    return ok({ dealId: done.dealId, created: false, request: done });
  const open = await openFor(tx, input.requestId, { userId: input.buyerId, as: "buyer" }, input.now);
  if (!open.ok) return open;
  const request = open.value;
  const product = (await productSummaries(tx, [request.productId])).get(request.productId);
  if (product?.status !== "active") return err("not_active");
  const delivery = deliveryOf(request);
  const made = await startDeal(
    tx,
    input.setting,
    [delivery],
    {
      source: "payment_request",
      productId: request.productId,
      buyerId: request.buyerId,
      sellerId: request.sellerId,
      priceMinor: request.priceMinor,
      requestKey: String(request.id),
      at: input.now,
      carrier: delivery.carrier,
    },
    { actorId: input.buyerId, reason: "payment request accepted", at: input.now },
  );
  if (!made.ok) return made as Refused;
  const accepted = await closeRequest(tx, request, "accept", input.now, made.value.deal.id);
  return ok({ dealId: made.value.deal.id, created: made.value.created, request: accepted });
}

/** The buyer declines, or the seller withdraws, an open request. */
export async function answerRequest(
  tx: Db,
  input: { requestId: number; userId: number; as: "buyer" | "seller"; now: Date },
): Promise<Result<PaymentRequestRow, PaymentRequestRefusal>> {
  const open = await openFor(tx, input.requestId, { userId: input.userId, as: input.as }, input.now);
  if (!open.ok) return open;
  return ok(await closeRequest(tx, open.value, input.as === "buyer" ? "decline" : "withdraw", input.now));
}

/** A conversation's requests as one of its two sides sees them, newest first (others see none). */
export async function requestsOf(
  db: Db,
  threadId: number,
  userId: number,
  fees: DealFees | null,
  now: Date,
): Promise<PaymentRequestView[]> {
  const rows = await db
    .select()
    .from(dealPaymentRequests)
    .where(eq(dealPaymentRequests.threadId, threadId))
    .orderBy(desc(dealPaymentRequests.id));
  const mine = rows.filter((row) => row.buyerId === userId || row.sellerId === userId);
  if (mine.length === 0) return [];
  const discounts = await groupDiscountsOf(db, [mine[0].buyerId]);
  const discount = discounts.get(mine[0].buyerId) ?? 0;
  return mine.map((row) => paymentRequestView(row, userId, fees, discount, now));
}

/** How many overdue requests one sweep closes (the next one takes the rest). */
const EXPIRE_BATCH = 200;

/**
 * The open requests past their expiry, closed as `expire` one by one under their lock (a request
 * answered meanwhile is left as it is); `closed` is called in each one's transaction, for the
 * seller's notice. Answers how many expired.
 */
export async function expireOverdue(
  db: Db,
  now: Date,
  closed: (tx: Db, request: PaymentRequestRow) => Promise<void>,
): Promise<number> {
  const overdue = await db
    .select({ id: dealPaymentRequests.id })
    .from(dealPaymentRequests)
    .where(and(eq(dealPaymentRequests.status, "open"), lte(dealPaymentRequests.expiresAt, now)))
    .orderBy(asc(dealPaymentRequests.expiresAt))
    .limit(EXPIRE_BATCH);
  let expired = 0;
  for (const { id } of overdue)
    await db.transaction(async (tx) => {
      const request = await lockRequest(tx, id);
      if (request?.status !== "open" || request.expiresAt > now) return;
      await closed(tx, await closeRequest(tx, request, "expire", now));
      expired += 1;
    });
  return expired;
}
