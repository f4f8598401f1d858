import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "../logger.ts";
import type { Database } from "./client.ts";
import { type ChannelBackend, createPostgresChannels } from "./listen-postgres.ts";

/**
 * One LISTEN connection per process for every live feed (the auction page's stream, the user's
 * event stream): PostgreSQL NOTIFYs, committed with the change they announce, are heard here and
 * handed to the handlers of their channel.
 *
 * On PostgreSQL a dedicated client (LISTEN needs a connection that is not returned to a pool) hears
 * every instance's NOTIFYs; when it drops it reconnects, listens again and tells the `onReconnect`
 * handlers, which re-read what they show (a NOTIFY sent meanwhile is lost, the rows are not).
 * PGlite delivers its own NOTIFYs in-process, after the commit only.
 *
 * The connection exists while someone listens: the last `unlisten` closes it, so a feed that was
 * stopped (shutdown, a test) leaves nothing open behind it; closing the database closes it too.
 */
export type NotificationListener = {
  /**
   * Listens on a channel (connecting first when needed); resolves with the function that stops it.
   * The handler gets the payload and, on PostgreSQL, the sending backend's process id.
   */
  listen(channel: string, handler: Handler): Promise<() => Promise<void>>;
  /** Called after a lost PostgreSQL connection was re-established; returns the function that removes it. */
  onReconnect(handler: () => void): () => void;
  /** Called when the PostgreSQL connection is lost (NOTIFYs go unheard until the reconnect); returns its removal. */
  onDisconnect(handler: () => void): () => void;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

type Handler = (payload: string | undefined, sender?: number) => void;

export function createNotificationListener(options: {
  database: Pick<Database, "db" | "engine"> & Partial<Pick<Database, "onClose">>;
  logger?: Pick<Logger, "warn" | "error">;
  /** The PostgreSQL connection's application_name (seen in pg_stat_activity). */
  applicationName?: string;
}): NotificationListener {
  const { database } = options;
  const handlers = new Map<string, Set<Handler>>();
  const reconnectHandlers = new Set<() => void>();
  const disconnectHandlers = new Set<() => void>();
  const dispatch = (channel: string, payload: string | undefined, sender?: number) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload, sender);
  };
  const listenerCount = () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0);
  const backend =
    database.engine === "pglite"
      ? createPgliteChannels(database, dispatch)
      : createPostgresChannels({
          ...options,
          handlers: {
            dispatch,
            channels: () => handlers.keys(),
            listenerCount,
            reconnected: () => callAll(reconnectHandlers),
            disconnected: () => callAll(disconnectHandlers),
          },
        });

  // The database closing ends every channel first, so no connection outlives it.
  database.onClose?.(async () => {
    const channels = [...handlers.keys()];
    handlers.clear();
    for (const channel of channels) await backend.release(channel, handlers.size > 0);
  });

  async function release(channel: string) {
    if ((handlers.get(channel)?.size ?? 0) > 0) return;
    handlers.delete(channel);
    await backend.release(channel, listenerCount() > 0);
  }

  return {
    async listen(channel, handler) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      // A handler added twice must be removable twice: wrap it.
      const entry: Handler = (payload, sender) => handler(payload, sender);
      set.add(entry);
      const unlisten = async () => {
        if (!handlers.get(channel)?.delete(entry)) return;
        await release(channel);
      };
      try {
        await backend.listen(channel);
      } catch (error) {
        await unlisten();
        throw error;
      }
      return unlisten;
    },

    onReconnect: (handler) => addTo(reconnectHandlers, handler),
    onDisconnect: (handler) => addTo(disconnectHandlers, handler),
  };
}

function callAll(handlers: Set<() => void>) {
  for (const handler of handlers) handler();
}

/** Adds one entry for `handler` (a handler added twice is removed twice); returns its removal. */
function addTo(handlers: Set<() => void>, handler: () => void): () => void {
  const entry = () => handler();
  handlers.add(entry);
  return () => void handlers.delete(entry);
}

/**
 * PGlite: one `listen` per channel on the embedded client, which delivers its own NOTIFYs after
 * the commit; a channel is unlistened as soon as its last handler goes.
 */
function createPgliteChannels(
  database: Pick<Database, "db">,
  dispatch: (channel: string, payload: string | undefined) => void,
): ChannelBackend {
  const unlistenOf = new Map<string, Promise<() => Promise<void>>>();
  return {
    async listen(channel) {
      let unlisten = unlistenOf.get(channel);
      if (!unlisten) {
        const embedded = (database.db as unknown as { $client: PGlite }).$client;
        unlisten = embedded.listen(channel, (payload) => dispatch(channel, payload));
        unlistenOf.set(channel, unlisten);
        unlisten.catch(() => unlistenOf.delete(channel));
      }
      await unlisten;
    },
    async release(channel) {
      const unlisten = unlistenOf.get(channel);
      unlistenOf.delete(channel);
      await (await unlisten?.catch(() => null))?.();
    },
  };
}
