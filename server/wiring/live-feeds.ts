import { createNotificationListener } from "#server/db/listen.ts";
import { createStreamSlots } from "#server/lib/stream-slots.ts";
import { createAuctionStreams } from "#server/modules/bidding/index.ts";
import { createUserStreams } from "#server/modules/messages/index.ts";
import type { Base } from "./base.ts";
import { createCacheInvalidations } from "./cache-invalidations.ts";
import { createPublicChanges } from "./public-changes.ts";

/**
 * Live feeds (auction pages, the user's inbox, the changes public pages show), sharing one LISTEN
 * connection (server/db/listen.ts), with the caps on open streams and the stop the shutdown needs;
 * and the other caches' invalidations between instances.
 */
export function wireLiveFeeds(
  { database, logger, listener: cacheListener }: Base,
  {
    bidding,
    messages,
  }: {
    bidding: Parameters<typeof createAuctionStreams>[0]["bidding"];
    messages: { counter: Parameters<typeof createUserStreams>[0]["counter"] };
  },
) {
  const listener = createNotificationListener({ database, logger });
  const auctionStreams = createAuctionStreams({ database, bidding, logger, listener });
  const userStreams = createUserStreams({ listener, counter: messages.counter, logger });
  const publicChanges = createPublicChanges({ database, logger }, listener);
  // On the shell data's connection: both are about what this process keeps in memory.
  const cacheInvalidations = createCacheInvalidations({ database, listener: cacheListener, logger });
  return {
    auctionStreams,
    userStreams,
    /** What the anonymous page cache clears on (public-changes.ts). */
    publicChanges,
    /** Every other cache's invalidations, sent to and heard from the other instances (ADR 0095). */
    cacheInvalidations,
    /** Caps on open live streams per address and per user, across both feeds (stream-slots.ts). */
    streamSlots: createStreamSlots(),
    /** Ends every live stream (shutdown: the server would otherwise wait for them). */
    async stopLiveStreams() {
      await Promise.all([
        auctionStreams.stop(),
        userStreams.stop(),
        publicChanges.stop(),
        cacheInvalidations.stop(),
      ]);
    },
  };
}
