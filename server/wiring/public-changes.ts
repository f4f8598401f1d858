import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { NotificationListener } from "#server/db/listen.ts";
import type { Logger } from "#server/logger.ts";
import { AUCTION_EVENTS_CHANNEL } from "#server/modules/bidding/index.ts";
import type { Base } from "./base.ts";

/** The NOTIFY channel on which an instance tells the others that it wrote something. */
export const PUBLIC_CHANGES_CHANNEL = "public_changes";

/**
 * Changes that public pages show, heard from every instance (ADR 0027): the auction events the
 * bidding module sends with each bid, close, activation or moved end (jobs included), and the
 * announcements of the instances that answered a write (not of an accepted bid: its auction event
 * is enough, ADR 0056). The anonymous page cache clears on them.
 */
export type PublicChanges = {
  /** Calls `handler` on every such change from now on; resolves once it listens. */
  subscribe(handler: () => void): Promise<void>;
  /**
   * Tells the other instances that this one wrote something. On PostgreSQL only (the embedded
   * database serves one process); bursts coalesce into one NOTIFY at a time.
   */
  announce(): void;
  /** Stops listening (shutdown, tests). */
  stop(): Promise<void>;
};

export function createPublicChanges(
  { database, logger }: Pick<Base, "database"> & { logger?: Pick<Logger, "warn"> },
  listener: NotificationListener,
): PublicChanges {
  const instance = randomUUID();
  const stops: (() => Promise<void>)[] = [];
  let sending = false;
  let again = false;

  async function send() {
    sending = true;
    try {
      do {
        again = false;
        await database.db.execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, ${instance})`);
      } while (again);
    } catch (error) {
      logger?.warn({ err: error }, "public changes: the announcement failed");
    } finally {
      sending = false;
    }
  }

  return {
    async subscribe(handler) {
      stops.push(await listener.listen(AUCTION_EVENTS_CHANNEL, () => handler()));
      stops.push(
        await listener.listen(PUBLIC_CHANGES_CHANNEL, (payload) => {
          // This instance cleared its own cache when it answered the write.
          if (payload !== instance) handler();
        }),
      );
      // A lost connection may have missed some: start afresh.
      const forget = listener.onReconnect(handler);
      stops.push(async () => forget());
    },
    announce() {
      if (database.engine !== "postgres") return;
      if (sending) {
        again = true;
        return;
      }
      void send();
    },
    async stop() {
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
}
