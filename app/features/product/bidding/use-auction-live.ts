import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import type { AuctionEvent, AuctionLive, PublicBid, ViewerStanding } from "#core/contracts/bidding.ts";

export type ConnectionState = "connecting" | "open" | "retrying";

export type LiveAuction = {
  live: AuctionLive;
  /** The public history, oldest first. */
  bids: PublicBid[];
  standing: ViewerStanding | null;
  /** Server clock minus browser clock (ms), from the newest server time seen. */
  clockOffsetMs: number;
  /** The end moved later since the page opened (soft close). */
  extendedTo: string | null;
  connection: ConnectionState;
};

/** Bids merged by id: what is new is appended, nothing twice, oldest first. */
export function mergeBids(current: PublicBid[], incoming: PublicBid[]): PublicBid[] {
  if (incoming.length === 0) return current;
  const known = new Set(current.map((bid) => bid.id));
  const fresh = incoming.filter((bid) => !known.has(bid.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

/**
 * Applies newer public state: a state older than the one shown (an event that overtook an action's
 * answer, or the other way round) never rolls the page back.
 */
export function mergeLive(
  state: LiveAuction,
  live: AuctionLive,
  bids: PublicBid[],
  standing: Partial<ViewerStanding> | null,
): LiveAuction {
  const newer =
    live.lastBidId > state.live.lastBidId ||
    (live.lastBidId === state.live.lastBidId &&
      (live.status !== state.live.status || live.endsAt !== state.live.endsAt));
  const nextLive = newer ? live : state.live;
  const movedEnd =
    newer &&
    live.endsAt !== null &&
    state.live.endsAt !== null &&
    new Date(live.endsAt).getTime() > new Date(state.live.endsAt).getTime();
  return {
    ...state,
    live: nextLive,
    bids: mergeBids(state.bids, bids),
    standing: standing && state.standing ? { ...state.standing, ...standing } : (state.standing ?? null),
    clockOffsetMs: new Date(live.serverNow).getTime() - Date.now(),
    extendedTo: movedEnd ? live.endsAt : state.extendedTo,
  };
}

/**
 * The auction as it is now, for the detail page: starts from the loader's snapshot, then follows
 * the live stream (/api/auctions/{id}/stream). The stream starts after the snapshot's newest bid,
 * and the browser's own reconnects send Last-Event-ID, so no bid is missed. The server's time in
 * every event keeps the countdown on the server's clock. `apply` merges a bid's own answer at once.
 */
export function useAuctionLive(
  /** The loader's snapshot; pass the loader data's own objects (stable until it revalidates). */
  initialLive: AuctionLive,
  initialBids: PublicBid[],
  initialStanding: ViewerStanding | null,
) {
  const [state, setState] = useState<LiveAuction>(() => fresh(initialLive, initialBids, initialStanding));
  const startAfter = useRef(initialLive.lastBidId);

  // A new snapshot from the loader (a revalidation after the close, a client navigation).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setState((current) =>
      current.live.productId !== initialLive.productId
        ? fresh(initialLive, initialBids, initialStanding)
        : { ...mergeLive(current, initialLive, initialBids, null), standing: initialStanding },
    );
  }, [initialLive, initialBids, initialStanding]);

  // The browser clock's offset from the server's, as well as the page's data allows at first.
  useEffect(() => {
    setState((current) => ({
      ...current,
      clockOffsetMs: new Date(current.live.serverNow).getTime() - Date.now(),
    }));
  }, []);

  useAuctionStream(initialLive.productId, startAfter, setState);

  const apply = useCallback(
    (result: { live: AuctionLive; bids: PublicBid[]; viewer: ViewerStanding }) =>
      setState((current) => {
        // An event may have brought a newer state (someone outbid this bid at once): the answer
        // then only adds what the viewer did.
        const newer = result.live.lastBidId >= current.live.lastBidId;
        const next = mergeLive(current, result.live, result.bids, null);
        const standing = newer
          ? result.viewer
          : { ...(current.standing ?? result.viewer), hasBid: true, maxMinor: result.viewer.maxMinor };
        return { ...next, standing };
      }),
    [],
  );

  return { ...state, apply };
}

/** The state of a page just opened: the snapshot, before the stream says anything. */
function fresh(live: AuctionLive, bids: PublicBid[], standing: ViewerStanding | null): LiveAuction {
  return { live, bids, standing, clockOffsetMs: 0, extendedTo: null, connection: "connecting" };
}

/** Follows /api/auctions/{id}/stream from after the snapshot's newest bid. */
function useAuctionStream(
  productId: number,
  startAfter: { current: number },
  setState: Dispatch<SetStateAction<LiveAuction>>,
) {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/auctions/${productId}/stream?after=${startAfter.current}`);
    source.addEventListener("open", () => setState((current) => ({ ...current, connection: "open" })));
    source.addEventListener("error", () => setState((current) => ({ ...current, connection: "retrying" })));
    source.addEventListener("auction", (message) => {
      let event: AuctionEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      setState((current) => {
        const standing = current.standing
          ? {
              leading: event.leading,
              won: event.won,
              // Leading again after being outbid, or the stream saw this viewer's bid first.
              hasBid: current.standing.hasBid || event.leading || event.won,
            }
          : null;
        return { ...mergeLive(current, event.live, event.bids, standing), connection: "open" };
      });
    });
    return () => source.close();
  }, [productId, startAfter, setState]);
}
