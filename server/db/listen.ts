import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Logger } from "../logger.ts";
import type { Database } from "./client.ts";

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
 * stopped (shutdown, a test) leaves nothing open behind it.
 */
export type NotificationListener = {
  /** Listens on a channel (connecting first when needed); resolves with the function that stops it. */
  listen(channel: string, handler: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  /** Called after a lost PostgreSQL connection was re-established; returns the function that removes it. */
  onReconnect(handler: () => void): () => void;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

type Handler = (payload: string | undefined) => void;

export function createNotificationListener(options: {
  database: Pick<Database, "db" | "engine">;
  logger?: Pick<Logger, "warn" | "error">;
  /** The PostgreSQL connection's application_name (seen in pg_stat_activity). */
  applicationName?: string;
}): NotificationListener {
  const { database, logger } = options;
  const handlers = new Map<string, Set<Handler>>();
  const reconnectHandlers = new Set<() => void>();
  const dispatch = (channel: string, payload: string | undefined) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };
  const listenerCount = () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0);

  // PGlite: one `listen` per channel on the embedded client.
  const pgliteUnlisten = new Map<string, Promise<() => Promise<void>>>();

  // PostgreSQL: one dedicated client for all channels, (re)connected on demand.
  let connection: Promise<pg.Client> | null = null;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const listening = new Set<string>();

  function scheduleReconnect(err?: Error) {
    if (retry || listenerCount() === 0) return;
    logger?.warn({ err }, "event listener lost its connection; reconnecting");
    retry = setTimeout(() => {
      retry = undefined;
      if (listenerCount() === 0) return;
      void (async () => {
        for (const channel of handlers.keys()) await listenPostgres(channel);
        for (const handler of reconnectHandlers) handler();
      })().catch((error) => scheduleReconnect(error));
    }, 1000);
  }

  function postgresClient(): Promise<pg.Client> {
    connection ??= (async () => {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const next = new pg.Client({
        connectionString: pool.options.connectionString,
        application_name: options.applicationName ?? "rarita-live-events",
      });
      next.on("notification", (message) => dispatch(message.channel, message.payload));
      const lost = (err?: Error) => {
        if (current !== next) return;
        current = null;
        connection = null;
        listening.clear();
        next.end().catch(() => {});
        scheduleReconnect(err);
      };
      next.on("error", lost);
      next.on("end", () => lost());
      current = next;
      try {
        await next.connect();
      } catch (error) {
        current = null;
        connection = null;
        throw error;
      }
      return next;
    })();
    return connection;
  }

  async function listenPostgres(channel: string) {
    const client = await postgresClient();
    if (listening.has(channel)) return;
    listening.add(channel);
    await client.query(`LISTEN ${channel}`);
  }

  async function listenPglite(channel: string) {
    let unlisten = pgliteUnlisten.get(channel);
    if (!unlisten) {
      const embedded = (database.db as unknown as { $client: PGlite }).$client;
      unlisten = embedded.listen(channel, (payload) => dispatch(channel, payload));
      pgliteUnlisten.set(channel, unlisten);
      unlisten.catch(() => pgliteUnlisten.delete(channel));
    }
    await unlisten;
  }

  async function release(channel: string) {
    if ((handlers.get(channel)?.size ?? 0) > 0) return;
    handlers.delete(channel);
    if (database.engine === "pglite") {
      const unlisten = pgliteUnlisten.get(channel);
      pgliteUnlisten.delete(channel);
      await (await unlisten?.catch(() => null))?.();
      return;
    }
    if (listenerCount() > 0) {
      if (listening.delete(channel)) await current?.query(`UNLISTEN ${channel}`).catch(() => {});
      return;
    }
    // Nobody listens any more: close the connection.
    clearTimeout(retry);
    retry = undefined;
    const client = current ?? (await connection?.catch(() => null)) ?? null;
    current = null;
    connection = null;
    listening.clear();
    await client?.end().catch(() => {});
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
      const entry: Handler = (payload) => handler(payload);
      set.add(entry);
      const unlisten = async () => {
        if (!handlers.get(channel)?.delete(entry)) return;
        await release(channel);
      };
      try {
        if (database.engine === "pglite") await listenPglite(channel);
        else await listenPostgres(channel);
      } catch (error) {
        await unlisten();
        throw error;
      }
      return unlisten;
    },

    onReconnect(handler) {
      const entry = () => handler();
      reconnectHandlers.add(entry);
      return () => void reconnectHandlers.delete(entry);
    },
  };
}
