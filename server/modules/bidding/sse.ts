import type { AuctionEvent } from "#core/contracts/bidding.ts";
import type { Database } from "#server/db/client.ts";
import { createNotificationListener, type NotificationListener } from "#server/db/listen.ts";
import { createStreamHub } from "#server/db/stream-hub.ts";
import type { Logger } from "#server/logger.ts";
import { AUCTION_EVENTS_CHANNEL, type AuctionNotification } from "./events.ts";
import type { LiveState } from "./reads.ts";
import type { BiddingService } from "./service.ts";

export type { AuctionEvent };

/**
 * The live auction page's feed: Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY.
 *
 * Each bid, close or activation commits a NOTIFY on `auction_events` whose payload holds ids only
 * (`{productId, bidId}`). One listener per process receives them (a dedicated connection on
 * PostgreSQL, so every instance hears every instance's bids; PGlite delivers its own NOTIFYs
 * in-process, after the commit only). Per notification the auction's state and the bids newer than
 * what its viewers have are read once and fanned out to every stream of that auction; each stream
 * also gets whether its viewer now leads.
 *
 * Every event carries the newest bid id as its SSE id, so a browser that reconnects sends
 * `Last-Event-ID` and gets exactly the bids it missed from the table; nothing is lost while it was
 * away, nor while this process's listener was reconnecting (every open auction is re-read then).
 * A comment line every `heartbeatMs` keeps proxies from closing an idle stream.
 */

export type StreamSink = {
  /** Writes one event (`id` = the newest bid id). */
  send(event: AuctionEvent): Promise<void>;
  /** Writes an SSE comment (heartbeat). */
  comment(text: string): Promise<void>;
  /** Sets the browser's reconnection delay (server shutdown: reconnect soon, elsewhere). */
  retry(ms: number): Promise<void>;
  /** Ends the stream (server shutdown). */
  close(): void;
};

type Subscriber = {
  productId: number;
  viewerId: number | null;
  lastId: number;
  lastStatus: string | null;
  lastEndsAt: string | null;
  sink: StreamSink;
  /** Writes to one stream stay in order without one slow client holding up the others. */
  writing: Promise<void>;
};

/** A queued read of one auction: for all its streams, or only for new streams' snapshots. */
type Refresh = { all: boolean; snapshots: Set<Subscriber>; done: Promise<void> };

export type AuctionStreams = {
  /**
   * Attaches a stream to an auction: first a snapshot with the bids after `lastId`, then an event
   * per change. Returns the detach function.
   */
  attach(input: { productId: number; viewerId: number | null; lastId: number; sink: StreamSink }): () => void;
  /** Starts listening (also done by the first attach). */
  start(): Promise<void>;
  /** Ends every stream and stops listening (shutdown). */
  stop(): Promise<void>;
  /** Open streams (tests, diagnostics). */
  size(): number;
};

/** The auction a NOTIFY payload names; null for a payload that is not one of ours. */
function productIdOf(payload: string | undefined): number | null {
  let notification: AuctionNotification;
  try {
    notification = JSON.parse(payload ?? "");
  } catch {
    return null;
  }
  return Number.isSafeInteger(notification?.productId) ? notification.productId : null;
}

/**
 * What one stream gets from a fresh read: the bids it has not seen and where its viewer stands;
 * null when nothing changed for it (a snapshot, `always`, is sent regardless).
 */
function eventFor(subscriber: Subscriber, state: LiveState, always: boolean): AuctionEvent | null {
  const fresh = state.bids.filter((bid) => bid.id > subscriber.lastId);
  const changed =
    fresh.length > 0 ||
    subscriber.lastStatus !== state.live.status ||
    subscriber.lastEndsAt !== state.live.endsAt;
  if (!changed && !always) return null;
  const viewer = subscriber.viewerId;
  return {
    live: state.live,
    bids: fresh,
    leading: viewer !== null && state.live.status === "active" && state.leaderId === viewer,
    won: viewer !== null && state.winnerId === viewer,
  };
}

/** Queues the event on the stream's own chain: in order, without a slow client holding up the others. */
function deliver(subscriber: Subscriber, event: AuctionEvent, logger?: Pick<Logger, "warn">) {
  subscriber.lastId = Math.max(subscriber.lastId, event.live.lastBidId);
  subscriber.lastStatus = event.live.status;
  subscriber.lastEndsAt = event.live.endsAt;
  subscriber.writing = subscriber.writing
    .then(() => subscriber.sink.send(event))
    .catch((err) => logger?.warn({ err }, "auction stream write failed"));
}

/**
 * The refreshes of each auction, one after another so that each stream's events stay in order.
 * A refresh that is queued and has not begun its read is joined by every notification and new
 * stream that comes before it begins: its read, begun after the notification's commit, sees the
 * bid. Each bid used to queue its own read and each new stream its own snapshot: under 50 bidders
 * and 200 viewers the reads fell seconds behind the bids (ADR 0116).
 */
function refreshQueue(
  refresh: (productId: number, work: Refresh) => Promise<void>,
  logger?: Pick<Logger, "error">,
) {
  /** Per auction, the last refresh queued (running or waiting). */
  const queues = new Map<number, Promise<void>>();
  /** Per auction, the refresh that waits and has not begun its read. */
  const pending = new Map<number, Refresh>();

  /** Queues a refresh of the auction's streams (`snapshot`: that stream's first event), or joins the waiting one. */
  return function enqueue(productId: number, snapshot?: Subscriber): Promise<void> {
    let work = pending.get(productId);
    if (!work) {
      const queued: Refresh = { all: false, snapshots: new Set(), done: Promise.resolve() };
      const previous = queues.get(productId) ?? Promise.resolve();
      const done = previous
        .then(() => {
          if (pending.get(productId) === queued) pending.delete(productId);
          return refresh(productId, queued);
        })
        .catch((err) => logger?.error({ err, productId }, "auction stream refresh failed"));
      queued.done = done;
      queues.set(productId, done);
      pending.set(productId, queued);
      void done.finally(() => {
        if (queues.get(productId) === done) queues.delete(productId);
      });
      work = queued;
    }
    if (snapshot) work.snapshots.add(snapshot);
    else work.all = true;
    return work.done;
  };
}

export function createAuctionStreams(options: {
  database: Pick<Database, "db" | "engine">;
  bidding: Pick<BiddingService, "liveState">;
  logger?: Pick<Logger, "warn" | "error">;
  heartbeatMs?: number;
  /** The process's shared LISTEN connection (server/db/listen.ts); without one, the streams open their own. */
  listener?: NotificationListener;
}): AuctionStreams {
  const { database, bidding, logger } = options;
  const listener = options.listener ?? createNotificationListener({ database, logger });
  const hub = createStreamHub<Subscriber>({
    listener,
    channel: AUCTION_EVENTS_CHANNEL,
    onNotification,
    // Whatever happened while the listener was away reaches every open stream.
    onReconnect: (productIds) => {
      for (const productId of productIds) void enqueue(productId);
    },
    heartbeatMs: options.heartbeatMs,
    logger,
    label: "auction stream",
  });
  /** Reads the auction once for the refresh's streams and sends each what it has not seen. */
  async function refresh(productId: number, work: Refresh) {
    const targets = work.all ? hub.streamsOf(productId) : [...work.snapshots];
    if (targets.length === 0) return;
    const from = Math.min(...targets.map((subscriber) => subscriber.lastId));
    const state = await bidding.liveState(productId, from);
    if (!state) return;
    for (const subscriber of targets) {
      const event = eventFor(subscriber, state, work.snapshots.has(subscriber));
      if (event) deliver(subscriber, event, logger);
    }
  }
  const enqueue = refreshQueue(refresh, logger);

  function onNotification(payload: string | undefined) {
    const productId = productIdOf(payload);
    if (productId !== null && hub.has(productId)) void enqueue(productId);
  }

  return {
    start: hub.start,

    attach({ productId, viewerId, lastId, sink }) {
      const subscriber: Subscriber = {
        productId,
        viewerId,
        lastId,
        lastStatus: null,
        lastEndsAt: null,
        sink,
        writing: Promise.resolve(),
      };
      // The snapshot goes in the auction's queue, after listening began.
      return hub.attach(productId, subscriber, () => enqueue(productId, subscriber));
    },

    stop: hub.stop,
    size: hub.size,
  };
}
