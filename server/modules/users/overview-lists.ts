import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";

/** How many of the user's last bids and of the watched auctions the overview lists. */
export const OVERVIEW_LIST_SIZE = 5;

export type OverviewBid = {
  productId: number;
  name: string;
  url: string;
  /** The user's highest bid on the product, minor units of CZK. */
  amountMinor: number;
  /** The product's leading price now. */
  currentPriceMinor: number | null;
  bidAt: Date;
  /** The user holds the highest bid. */
  leading: boolean;
  /** The auction closed with the user as its winner. */
  won: boolean;
  status: ProductStatus;
  endsAt: Date | null;
};

export type OverviewWatched = {
  productId: number;
  name: string;
  url: string;
  priceMinor: number | null;
  image: string | null;
  endsAt: Date;
};

/**
 * What the overview reads from other modules (ports: their functions, passed in by
 * server/services.ts): the listings' statistics and summaries, the messages' counts, the bids, the
 * wishlist and the watched products' states.
 */
export type OverviewSources = {
  advertisementStatistics(userId: number): Promise<{ active: number; started: number; total: number }>;
  notificationCounts(userId: number): Promise<{ new: number; total: number }>;
  /** The products the user bid on, newest bid first (bidding). */
  lastBidsOf(
    userId: number,
    limit: number,
  ): Promise<{ productId: number; amountMinor: number; bidAt: Date; topBidderId: number | null }[]>;
  /** Listings by id, named and linked in the language asked (listings). */
  productSummaries(
    ids: number[],
    locale: Locale,
  ): Promise<
    Map<
      number,
      {
        name: string;
        url: string;
        status: ProductStatus;
        endsAt: Date | null;
        currentPriceMinor: number | null;
        winnerId: number | null;
        leaderId: number | null;
      }
    >
  >;
  /** The user's wishlist's products (wishlist). */
  watchedProducts(
    userId: number,
    locale: Locale,
  ): Promise<{ id: number; name: string; url: string; price: number | null; image: string | null }[]>;
  productStates(
    ids: number[],
  ): Promise<Record<number, { status: string; format: string; endsAt: string | null }>>;
};

/** The products the user bid on, newest bid first, with the user's highest bid on each. */
export async function lastBids(
  sources: OverviewSources,
  userId: number,
  locale: Locale,
): Promise<OverviewBid[]> {
  const bids = await sources.lastBidsOf(userId, OVERVIEW_LIST_SIZE);
  const products = await sources.productSummaries(
    bids.map((bid) => bid.productId),
    locale,
  );
  return bids.flatMap((bid) => {
    const product = products.get(bid.productId);
    if (!product) return [];
    // The bidding service keeps the leader on the product (proxy maxima decide it, not the
    // highest row); a product without one falls back to the highest bid, the earlier on a tie.
    const leaderId = product.leaderId ?? bid.topBidderId;
    return [
      {
        productId: bid.productId,
        name: product.name,
        url: product.url,
        amountMinor: bid.amountMinor,
        currentPriceMinor: product.currentPriceMinor,
        bidAt: bid.bidAt,
        leading: leaderId === userId,
        won: product.winnerId === userId,
        status: product.status,
        endsAt: product.endsAt,
      },
    ];
  });
}

/** Watched auctions still running, the soonest to end first. */
export async function endingSoon(
  sources: OverviewSources,
  userId: number,
  locale: Locale,
  now: () => Date,
): Promise<OverviewWatched[]> {
  const watched = await sources.watchedProducts(userId, locale);
  if (watched.length === 0) return [];
  const states = await sources.productStates(watched.map((product) => product.id));
  const at = now().getTime();
  return watched
    .flatMap((product) => {
      const state = states[product.id];
      const endsAt = state?.endsAt ? new Date(state.endsAt) : null;
      const running = state?.status === "active" && state.format === "auction";
      if (!running || !endsAt || endsAt.getTime() <= at) return [];
      const { id, name, url, price, image } = product;
      return [{ productId: id, name, url, priceMinor: price, image, endsAt }];
    })
    .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime())
    .slice(0, OVERVIEW_LIST_SIZE);
}
