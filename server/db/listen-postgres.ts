import pg from "pg";
import type { Logger } from "../logger.ts";
import type { Database } from "./client.ts";

/** How an engine hears channels for the listener (server/db/listen.ts): it starts and stops LISTENs. */
export type ChannelBackend = {
  /** Hears the channel from now on (connecting first when needed). */
  listen(channel: string): Promise<void>;
  /** The channel's last handler is gone; `othersListen` says whether other channels still have some. */
  release(channel: string, othersListen: boolean): Promise<void>;
};

/** What the PostgreSQL backend needs from the listener around it. */
export type ListenerHandlers = {
  dispatch(channel: string, payload: string | undefined, sender?: number): void;
  /** The channels with handlers, read live (a reconnect listens on each again). */
  channels(): Iterable<string>;
  listenerCount(): number;
  /** Runs the listener's onReconnect handlers. */
  reconnected(): void;
  /** Runs the listener's onDisconnect handlers. */
  disconnected(): void;
};

/**
 * PostgreSQL: one dedicated client for all channels (LISTEN needs a connection that is not
 * returned to a pool), connected on demand. When it drops while someone listens, it reconnects a
 * second later, listens on every channel again and runs the reconnect handlers; it closes when the
 * last handler goes, so a stopped feed leaves no connection behind.
 */
export function createPostgresChannels(options: {
  database: Pick<Database, "db">;
  logger?: Pick<Logger, "warn">;
  applicationName?: string;
  handlers: ListenerHandlers;
}): ChannelBackend {
  const { handlers, logger } = options;
  let connection: Promise<pg.Client> | null = null;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const listening = new Set<string>();

  function forgetConnection() {
    current = null;
    connection = null;
    listening.clear();
  }

  function scheduleReconnect(err?: Error) {
    if (retry || handlers.listenerCount() === 0) return;
    logger?.warn({ err }, "event listener lost its connection; reconnecting");
    retry = setTimeout(() => {
      retry = undefined;
      if (handlers.listenerCount() === 0) return;
      void (async () => {
        for (const channel of handlers.channels()) await listen(channel);
        handlers.reconnected();
      })().catch((error) => scheduleReconnect(error));
    }, 1000);
  }

  /** The client dropped (an error or its end): forget it; only the current client's loss counts. */
  function lost(client: pg.Client, err?: Error) {
    if (current !== client) return;
    forgetConnection();
    client.end().catch(() => {});
    handlers.disconnected();
    scheduleReconnect(err);
  }

  function connectedClient(): Promise<pg.Client> {
    connection ??= (async () => {
      const next = newListenClient(options, handlers.dispatch, (err) => lost(next, err));
      // Current before connecting: an error while connecting is already this client's loss.
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

  async function listen(channel: string) {
    const client = await connectedClient();
    if (listening.has(channel)) return;
    listening.add(channel);
    await client.query(`LISTEN ${channel}`);
  }

  async function release(channel: string, othersListen: boolean) {
    if (othersListen) {
      if (listening.delete(channel)) await current?.query(`UNLISTEN ${channel}`).catch(() => {});
      return;
    }
    // Nobody listens any more: close the connection.
    clearTimeout(retry);
    retry = undefined;
    const client = current ?? (await connection?.catch(() => null)) ?? null;
    forgetConnection();
    await client?.end().catch(() => {});
  }

  return { listen, release };
}

/** A client on the pool's database that hands its notifications on and reports its loss. */
function newListenClient(
  options: { database: Pick<Database, "db">; applicationName?: string },
  dispatch: ListenerHandlers["dispatch"],
  onLost: (err?: Error) => void,
): pg.Client {
  const pool = (options.database.db as unknown as { $client: pg.Pool }).$client;
  const client = new pg.Client({
    connectionString: pool.options.connectionString,
    application_name: options.applicationName ?? "rarita-live-events",
  });
  client.on("notification", (message) => dispatch(message.channel, message.payload, message.processId));
  client.on("error", onLost);
  client.on("end", () => onLost());
  return client;
}
