import { describe, expect, it } from "vitest";
import type { AuctionEvent, AuctionLive, PublicBid } from "#core/contracts/bidding.ts";
import type { NotificationListener } from "#server/db/listen.ts";
import type { LiveState } from "./reads.ts";
import { createAuctionStreams, type StreamSink } from "./sse.ts";

/**
 * The live streams' reads under a stream of bids (ADR 0116): a notification or a new stream that
 * finds a read queued and not yet begun joins it, so the reads keep up with the bids and every
 * stream still gets every bid, once, in order.
 */

const PRODUCT = 7;

/** One auction whose bids the test adds; each read sees the bids committed when it began. */
function fakeAuction() {
  const bids: PublicBid[] = [];
  let held: { release: () => void } | null = null;
  let holding = false;
  const reads: number[] = [];
  return {
    bid() {
      const id = bids.length + 1;
      bids.push({
        id,
        amountMinor: 100_00 * id,
        at: new Date(0).toISOString(),
        bidder: "b***r",
        automatic: false,
      });
    },
    /** From now on each read waits for `release()`. */
    hold() {
      holding = true;
    },
    async release() {
      await until(() => held !== null);
      const read = held;
      held = null;
      read?.release();
    },
    reads,
    bidding: {
      async liveState(productId: number, afterId = 0): Promise<LiveState | null> {
        reads.push(afterId);
        const seen = bids.filter((bid) => bid.id > afterId);
        const live = {
          productId,
          status: "active",
          lastBidId: bids.length,
          bidCount: bids.length,
          endsAt: null,
        };
        if (holding) await new Promise<void>((resolve) => (held = { release: resolve }));
        return { live: live as unknown as AuctionLive, bids: seen, leaderId: null, winnerId: null };
      },
    },
  };
}

/** A listener that hands the test the handler of the auctions' channel. */
function fakeListener() {
  let handler: ((payload: string | undefined) => void) | null = null;
  const listener: NotificationListener = {
    async listen(_channel, fn) {
      handler = fn;
      return async () => {};
    },
    onReconnect: () => () => {},
    onDisconnect: () => () => {},
  };
  return { listener, notify: () => handler?.(JSON.stringify({ productId: PRODUCT })) };
}

function collectingSink() {
  const events: AuctionEvent[] = [];
  const sink: StreamSink = {
    send: async (event) => void events.push(event),
    comment: async () => {},
    retry: async () => {},
    close: () => {},
  };
  return { sink, events, bidIds: () => events.flatMap((event) => event.bids.map((bid) => bid.id)) };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setImmediate(resolve));
  if (!check()) throw new Error("the state was not reached");
}

/** The streams of one fake auction, with the listener's handler to announce its bids. */
function streamsOfOneAuction() {
  const auction = fakeAuction();
  const { listener, notify } = fakeListener();
  const streams = createAuctionStreams({
    database: { db: {} as never, engine: "pglite" },
    bidding: auction.bidding,
    listener,
  });
  return { auction, notify, streams };
}

describe("auction streams under a stream of bids", () => {
  it("joins the notifications that come while a read runs into one read, and every stream gets every bid once, in order", async () => {
    const { auction, notify, streams } = streamsOfOneAuction();
    const viewers = [collectingSink(), collectingSink(), collectingSink()];
    auction.bid();
    for (const viewer of viewers)
      streams.attach({ productId: PRODUCT, viewerId: null, lastId: 0, sink: viewer.sink });
    await until(() => viewers.every((viewer) => viewer.events.length === 1));
    // The three new streams' snapshots came from one read.
    expect(auction.reads).toEqual([0]);
    expect(viewers.map((viewer) => viewer.bidIds())).toEqual([[1], [1], [1]]);

    auction.hold();
    auction.bid();
    notify();
    await until(() => auction.reads.length === 2);
    // Nine more bids, each announced, while that read runs: they wait for one read, not nine.
    for (let i = 0; i < 9; i++) {
      auction.bid();
      notify();
    }
    await auction.release();
    await auction.release();
    await until(() => viewers.every((viewer) => viewer.bidIds().length === 11));
    expect(auction.reads).toEqual([0, 1, 2]);
    for (const viewer of viewers) expect(viewer.bidIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    await streams.stop();
  });

  it("a stream that attaches while a read for the others runs gets its own snapshot after it", async () => {
    const { auction, notify, streams } = streamsOfOneAuction();
    const first = collectingSink();
    auction.bid();
    streams.attach({ productId: PRODUCT, viewerId: null, lastId: 0, sink: first.sink });
    await until(() => first.events.length === 1);
    auction.hold();
    auction.bid();
    notify();
    await until(() => auction.reads.length === 2);
    const late = collectingSink();
    streams.attach({ productId: PRODUCT, viewerId: null, lastId: 0, sink: late.sink });
    auction.bid();
    notify();
    await auction.release();
    await auction.release();
    await until(() => first.bidIds().length === 3 && late.bidIds().length === 3);
    // One read for the late stream's snapshot and the third bid together.
    expect(auction.reads).toEqual([0, 1, 0]);
    expect(first.bidIds()).toEqual([1, 2, 3]);
    expect(late.bidIds()).toEqual([1, 2, 3]);
    await streams.stop();
  });
});
