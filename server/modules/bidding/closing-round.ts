import type { ClosingLot, ClosingRound } from "#core/contracts/bidding.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { monthlyRoundClose } from "#core/rules/auction-end.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { auctionSummaries, closingLots } from "../listing-reads/index.ts";
import type { AuctionSettings } from "./rule-options.ts";

/** How many lots "next" lists. */
const NEXT_COUNT = 5;
/** At most this many lots read (the current slot's and the next ones'). */
const READ_LIMIT = 60;

/**
 * The monthly auctions page's "ending now" and "next" while the round closes (from its 20:00 until
 * its last lot is decided): the running lots of the round in the order they end. "Ending now" are
 * those whose end falls within the current slot (or has just passed, the close being under way);
 * "next" the few after them. Null outside the closing.
 */
export async function closingRoundOf(
  deps: { db: Db; auctionSettings: AuctionSettings },
  locale: Locale,
  now = new Date(),
): Promise<ClosingRound | null> {
  const wall = toPragueWallClock(now);
  const round = monthlyRoundClose(wall.year, wall.month);
  if (now.getTime() < round.getTime()) return null;
  const { slotSeconds } = await deps.auctionSettings.monthlyClose();
  const slotMs = slotSeconds * 1000;
  const lots = await closingLots(deps.db, round, new Date(now.getTime() - slotMs), READ_LIMIT);
  if (lots.length === 0) return null;
  const summaries = await auctionSummaries(
    deps.db,
    lots.map((lot) => lot.id),
  );
  const en = locale === "en";
  const shown = lots.flatMap((lot): ClosingLot[] => {
    const auction = summaries.get(lot.id);
    if (!auction) return [];
    return [
      {
        productId: lot.id,
        name: en && auction.nameEn ? auction.nameEn : auction.nameCs,
        url: localePath("product", locale, {
          id: auction.id,
          category: en ? auction.categorySlugEn || auction.categorySlugCs : auction.categorySlugCs,
          product: en ? auction.slugEn || auction.slugCs : auction.slugCs,
        }),
        endsAt: lot.endsAt.toISOString(),
        priceMinor: auction.bidCount > 0 ? (auction.currentPriceMinor ?? 0) : (auction.startPriceMinor ?? 0),
        bidCount: auction.bidCount,
      },
    ];
  });
  // The current slot: whatever ends before the next slot begins, and always the first lots to end.
  const first = shown[0]?.endsAt;
  const endingNow = shown.filter(
    (lot) => new Date(lot.endsAt).getTime() < now.getTime() + slotMs || lot.endsAt === first,
  );
  return {
    roundCloseAt: round.toISOString(),
    endingNow,
    next: shown.slice(endingNow.length, endingNow.length + NEXT_COUNT),
  };
}
