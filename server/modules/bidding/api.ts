import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { refusalField, refusalMessage } from "#core/contracts/bid-refusal.ts";
import { PRODUCT_STATUSES } from "#core/contracts/catalog.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { BidInputSchema, bidAmountOf } from "#core/schemas/bid.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { refusalStatus } from "#core/web/refusal-status.ts";
import { ApiError, tooManyStreams } from "#server/http/api/errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import {
  errorResponses,
  idPathParam,
  jsonContent,
  MessageBody,
  ValidationErrorBody,
} from "#server/http/api/schemas.ts";
import { bidOutcomes } from "#server/lib/metrics.ts";
import { registerBuyNowRoute } from "./api/buy-now.ts";
import type { BidRefusal } from "./service.ts";
import type { AuctionEvent } from "./sse.ts";

const IdParam = idPathParam("The auction's product id");

const PublicBid = z
  .object({
    id: z.number().int(),
    amountMinor: z.number().int().openapi({ description: "CZK minor units" }),
    at: z.string().openapi({ description: "ISO instant" }),
    bidder: z.string().openapi({ example: "j***a", description: "The bidder's username, masked" }),
    automatic: z.boolean().openapi({ description: "Placed by the system for a proxy bidder" }),
  })
  .openapi("Bid");

const AuctionLive = z
  .object({
    productId: z.number().int(),
    status: z.enum(PRODUCT_STATUSES),
    startPriceMinor: z.number().int(),
    priceMinor: z
      .number()
      .int()
      .openapi({ description: "The leading price; the start price before the first bid" }),
    minimumNextBidMinor: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The lowest acceptable next bid; null once the auction is not live" }),
    minimumCeilingMinor: z.number().int().nullable().openapi({
      description:
        "The minimum plus its step (what the minimum becomes once someone bids it): a ceiling for `minimum` bids that survives one faster bid",
    }),
    bidCount: z.number().int(),
    endsAt: z.string().nullable().openapi({ description: "ISO instant; moved by soft close" }),
    endedAt: z.string().nullable(),
    hasReserve: z.boolean(),
    reserveMet: z.boolean(),
    buyNowPriceMinor: z.number().int().nullable().openapi({
      description:
        "The buy-it-now price while it is offered (until the first bid, or by the setting until the reserve is met); null otherwise",
    }),
    lastBidId: z.number().int().openapi({ description: "The newest bid's id: the live stream's event id" }),
    serverNow: z
      .string()
      .openapi({ description: "The server's clock (ISO), to correct the client's countdown" }),
  })
  .openapi("AuctionState");

const Standing = z
  .object({
    leading: z.boolean(),
    hasBid: z.boolean(),
    maxMinor: z.number().int().nullable().openapi({ description: "The caller's own standing maximum" }),
    won: z.boolean(),
    threadId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The conversation with the seller, once won" }),
    dealId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The deal through the site the win opened (pay there), once it exists" }),
  })
  .openapi("BidderStanding");

/** The core's bid input (core/schemas/bid.ts) with its checks of the pair, named for the document. */
const BidInput = BidInputSchema.meta({
  id: "BidInput",
  description:
    "Either `amount`, or `minimum: true` with `notAboveMinor`: the lowest acceptable amount at the moment of the decision, refused (minimum_above_ceiling) when it is above notAboveMinor",
  example: { minimum: true, notAboveMinor: 125_000 },
});

const BidRefusalBody = z
  .object({
    error: z.string().openapi({ example: "ended" }),
    message: z.string(),
    minimumMinor: z.number().int().optional(),
  })
  .openapi("BidRefusal");

const BidRefusalValidation = ValidationErrorBody.extend({
  // None when the input itself is invalid (the validator's 422): only `errors`.
  error: z.string().optional().openapi({ example: "below_minimum" }),
  minimumMinor: z.number().int().optional(),
}).openapi("BidRefusalValidation", {
  example: {
    errors: { amount: ["Příhoz je nižší než minimum."] },
    error: "below_minimum",
    minimumMinor: 120000,
  },
});

const MyBid = z
  .object({
    productId: z.number().int(),
    name: z.string(),
    url: z.string(),
    image: z.string().nullable(),
    status: z.enum(PRODUCT_STATUSES),
    group: z.enum(["leading", "outbid", "won", "lost"]),
    priceMinor: z.number().int(),
    myMaxMinor: z.number().int(),
    myBidCount: z.number().int(),
    bidCount: z.number().int(),
    endsAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    threadId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The conversation with the seller, once won" }),
  })
  .openapi("MyBid");

/**
 * The HTTP answer of a refusal, with its translated reason (and the minimum where it matters; the
 * ceiling of a "bid the minimum" request refused above it).
 */
export function refusalError(
  locale: Locale,
  reason: BidRefusal,
  minimumMinor?: number,
  ceilingMinor?: number,
): ApiError {
  const message = refusalMessage(locale, reason, minimumMinor, ceilingMinor);
  const status = refusalStatus(reason);
  if (status === 404) return new ApiError(404, { message });
  if (status !== 422) return new ApiError(status, { error: reason, message });
  return new ApiError(422, {
    error: reason,
    errors: { [refusalField(reason) ?? "amount"]: [message] },
    ...(minimumMinor === undefined ? {} : { minimumMinor }),
  });
}

export const biddingApi = createApiRouter();

biddingApi.openapi(
  createRoute({
    method: "post",
    path: "/auctions/{id}/bids",
    tags: ["bidding"],
    summary:
      "Places a bid, optionally with a maximum for automatic bidding: an amount, or the lowest acceptable amount at the moment of the decision up to a ceiling (`minimum`, `notAboveMinor`). Binding. The caller must have confirmed their e-mail and age (18+) and may not bid on their own item",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: IdParam }),
      body: { required: true, content: { "application/json": { schema: BidInput } } },
    },
    responses: {
      201: jsonContent(
        z.object({
          auction: AuctionLive,
          bids: z.array(PublicBid).openapi({ description: "The history rows this bid added" }),
          you: Standing,
          extended: z.boolean().openapi({ description: "The bid moved the end (soft close)" }),
        }),
        "Accepted: the new state; `you.leading` false means a higher standing maximum answered at once",
      ),
      401: errorResponses[401],
      403: jsonContent(BidRefusalBody, "Own item, e-mail or age not confirmed"),
      404: jsonContent(MessageBody, "No such auction"),
      409: jsonContent(BidRefusalBody, "Not active yet, or ended"),
      422: jsonContent(
        BidRefusalValidation,
        "Invalid input (`errors`), below the minimum (minimumMinor), the minimum above the ceiling (minimum_above_ceiling, minimumMinor), maximum below the amount or not raised",
      ),
    },
  }),
  async (c) => {
    const user = c.get("user")!;
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const bid = bidAmountOf(input);
    const result = await c.get("services").bidding.placeBid({
      productId: id,
      bidder: user,
      ...bid,
      maxMinor: input.max ?? null,
    });
    bidOutcomes.inc({ outcome: result.ok ? "accepted" : result.reason });
    if (!result.ok)
      throw refusalError(
        c.get("locale"),
        result.reason,
        result.minimumMinor,
        bid.minimum ? bid.notAboveMinor : undefined,
      );
    // The bid's own NOTIFY tells every instance's page cache (ADR 0056).
    if (result.notified) c.set("changeNotified", true);
    return c.json(
      { auction: result.live, bids: result.bids, you: result.viewer, extended: result.extended },
      201,
    );
  },
);

// "Kup hned" (api/buy-now.ts): its own file, this one is full.
registerBuyNowRoute(biddingApi, BidRefusalBody);

biddingApi.openapi(
  createRoute({
    method: "get",
    path: "/auctions/{id}/bids",
    tags: ["bidding"],
    summary:
      "The bid history (newest first, bidders masked) and the auction's state; with a session also where the caller stands",
    security: [{}, ...bearerSecurity],
    request: { params: z.object({ id: IdParam }) },
    responses: {
      200: jsonContent(
        z.object({ auction: AuctionLive, bids: z.array(PublicBid), you: Standing.nullable() }),
        "History",
      ),
      404: jsonContent(MessageBody, "No such auction"),
      422: errorResponses[422],
      429: jsonContent(MessageBody, "Too many open live streams from this address or user (Retry-After)"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const services = c.get("services");
    const history = await services.bidding.history(id);
    if (!history) return c.json({ message: translate(c.get("locale"), "bidding.refusal.not_found") }, 404);
    const user = c.get("user");
    const you = user ? await services.bidding.standing(id, user.id) : null;
    return c.json({ auction: history.live, bids: history.bids, you }, 200);
  },
);

biddingApi.openapi(
  createRoute({
    method: "get",
    path: "/auctions/{id}/stream",
    tags: ["bidding"],
    summary:
      "Live updates (Server-Sent Events). Each `auction` event carries the state, the bids the stream had not seen and whether the caller leads or won; its id is the newest bid id, so a reconnect with Last-Event-ID (or ?after=) gets what it missed. A comment line every 15 s keeps the stream open",
    security: [{}, ...bearerSecurity],
    request: {
      params: z.object({ id: IdParam }),
      query: z.object({
        after: z.coerce
          .number()
          .int()
          .min(0)
          .max(MAX_INT4)
          .optional()
          .openapi({ description: "The newest bid id the client has (when it cannot send Last-Event-ID)" }),
      }),
      headers: z.object({
        "last-event-id": z
          .string()
          .max(20)
          .optional()
          .openapi({ description: "Set by the browser on a reconnect" }),
      }),
    },
    responses: {
      200: {
        description:
          "An event stream: `event: auction`, `id: <newest bid id>`, data `{ live, bids, leading, won }`",
        content: { "text/event-stream": { schema: z.string() } },
      },
      404: jsonContent(MessageBody, "No such auction"),
      422: errorResponses[422],
      429: jsonContent(MessageBody, "Too many open live streams from this address or user (Retry-After)"),
    },
  }),
  // biome-ignore lint/suspicious/noExplicitAny: an event stream is not one of the JSON responses the route types.
  (async (c: any) => {
    const { id } = c.req.valid("param");
    const { after } = c.req.valid("query");
    const header = Number.parseInt(c.req.valid("header")["last-event-id"] ?? "", 10);
    const lastId = Number.isSafeInteger(header) && header >= 0 ? header : (after ?? 0);
    const services = c.get("services");
    const state = await services.bidding.liveState(id, 2_147_483_647);
    if (!state) return c.json({ message: translate(c.get("locale"), "bidding.refusal.not_found") }, 404);
    const viewerId: number | null = c.get("user")?.id ?? null;
    const release = services.streamSlots.acquire(c.get("clientIp"), viewerId);
    if (!release) return tooManyStreams(c);
    // Proxies (nginx) must not buffer the stream.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let close: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        close = resolve;
      });
      stream.onAbort(() => close());
      const detach = services.auctionStreams.attach({
        productId: id,
        viewerId,
        lastId,
        sink: {
          send: (event: AuctionEvent) =>
            stream.writeSSE({
              event: "auction",
              id: String(event.live.lastBidId),
              data: JSON.stringify(event),
            }),
          comment: (text: string) => stream.write(`: ${text}\n\n`).then(() => {}),
          retry: (ms: number) => stream.write(`retry: ${ms}\n\n`).then(() => {}),
          close: () => close(),
        },
      });
      try {
        // The browser waits 3 s before reconnecting after a drop.
        await stream.write("retry: 3000\n\n");
        await closed;
      } finally {
        detach();
        release();
      }
    });
  }) as never,
);

biddingApi.openapi(
  createRoute({
    method: "get",
    path: "/me/bids",
    tags: ["bidding"],
    summary:
      "The auctions the caller bid on, grouped as leading, outbid, won and lost, with their maximum and the current price",
    security: bearerSecurity,
    middleware: requireUser,
    request: { query: z.object({ lang: z.enum(["cs", "en"]).optional() }) },
    responses: {
      200: jsonContent(
        z.object({
          leading: z.array(MyBid),
          outbid: z.array(MyBid),
          won: z.array(MyBid),
          lost: z.array(MyBid),
        }),
        "My bids",
      ),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const items = await c.get("services").bidding.myBids(c.get("user")!.id, c.get("locale"));
    const pick = (group: string) => items.filter((item) => item.group === group);
    return c.json(
      { leading: pick("leading"), outbid: pick("outbid"), won: pick("won"), lost: pick("lost") },
      200,
    );
  },
);
