import type { Logger } from "../logger.ts";
import type { NotificationListener } from "./listen.ts";

/**
 * The part of an SSE stream the hub needs: a comment for the heartbeat, and at shutdown a new
 * reconnection delay (`retry:`) before it closes.
 */
export type HubSink = {
  comment(text: string): Promise<void>;
  retry(ms: number): Promise<void>;
  close(): void;
};

/**
 * At shutdown each stream is told to reconnect after 0.5 to 2.5 s (spread, so that a restarted
 * instance's viewers do not all come back in the same instant) instead of its usual 3 to 5 s: by
 * then this instance is not ready (GET /health/ready) and the balancer sends them to another.
 */
export const RECONNECT_MIN_MS = 500;
export const RECONNECT_SPREAD_MS = 2000;
/** How long the shutdown waits for a slow client to take its `retry:` before closing it anyway. */
const RETIRE_WAIT_MS = 1000;

/** One open stream; `writing` keeps its writes in order without a slow client holding up others. */
export type HubSubscriber = { sink: HubSink; writing: Promise<void> };

/**
 * The bookkeeping every live feed shares (auction pages, the user's inbox): open streams grouped
 * by a key (the auction, the user), listening on one NOTIFY channel of the process's shared
 * listener once the first stream attaches, a comment every `heartbeatMs` so proxies keep idle
 * streams open, a call back after the listener reconnected (NOTIFYs may have been lost), and the
 * shutdown that closes every stream. What a notification means is the feed's own business.
 */
export function createStreamHub<S extends HubSubscriber>(options: {
  listener: NotificationListener;
  channel: string;
  onNotification: (payload: string | undefined) => void;
  /** After the listener reconnected: the keys with open streams, to be refreshed. */
  onReconnect: (keys: number[]) => void;
  heartbeatMs?: number;
  logger?: Pick<Logger, "error">;
  /** Names the feed in the log ("auction stream"). */
  label: string;
}) {
  const subscribers = new Map<number, Set<S>>();
  let starting: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let forgetReconnect: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let stopped = false;

  function start(): Promise<void> {
    starting ??= (async () => {
      unlisten = await options.listener.listen(options.channel, options.onNotification);
      forgetReconnect = options.listener.onReconnect(() => options.onReconnect([...subscribers.keys()]));
      heartbeat = pingEvery(subscribers, options.heartbeatMs ?? 15_000);
    })().catch((error) => {
      starting = null;
      throw error;
    });
    return starting;
  }

  return {
    start,

    /**
     * Adds a stream under its key; `first` runs once listening has begun (so a change in between
     * is either in what `first` sends or announced after it, never lost). Returns the detach.
     */
    attach(key: number, subscriber: S, first: () => Promise<void>): () => void {
      addTo(subscribers, key, subscriber);
      if (stopped) subscriber.sink.close();
      void start()
        .then(first)
        .catch((err) => options.logger?.error({ err }, `${options.label} could not start`));
      return () => removeFrom(subscribers, key, subscriber);
    },

    /** The open streams of a key (a copy: the set may change while they are written to). */
    streamsOf(key: number): S[] {
      return [...(subscribers.get(key) ?? [])];
    },

    has(key: number): boolean {
      return subscribers.has(key);
    },

    /** Tells every stream to reconnect soon (elsewhere), ends it, and stops listening (shutdown). */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(heartbeat);
      const open = [...subscribers.values()].flatMap((set) => [...set]);
      subscribers.clear();
      await retire(open);
      await starting?.catch(() => {});
      forgetReconnect?.();
      await unlisten?.();
      unlisten = null;
    },

    size(): number {
      let count = 0;
      for (const set of subscribers.values()) count += set.size;
      return count;
    },
  };
}

/** Each stream gets its reconnection delay after what it is still writing, then is closed. */
async function retire(open: HubSubscriber[]): Promise<void> {
  const told = open.map((subscriber) =>
    subscriber.writing
      .then(() => subscriber.sink.retry(RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)))
      .catch(() => {}),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(told),
    new Promise((resolve) => {
      timer = setTimeout(resolve, RETIRE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  for (const subscriber of open) subscriber.sink.close();
}

/** A comment to every open stream every `ms`, so proxies keep idle streams open; it never holds the process up. */
function pingEvery<S extends HubSubscriber>(subscribers: Map<number, Set<S>>, ms: number): NodeJS.Timeout {
  const heartbeat = setInterval(() => {
    for (const set of subscribers.values())
      for (const subscriber of set)
        subscriber.writing = subscriber.writing.then(() => subscriber.sink.comment("ping")).catch(() => {});
  }, ms);
  heartbeat.unref();
  return heartbeat;
}

function addTo<S>(groups: Map<number, Set<S>>, key: number, subscriber: S) {
  let set = groups.get(key);
  if (!set) {
    set = new Set();
    groups.set(key, set);
  }
  set.add(subscriber);
}

/** Removes a stream; a key without streams is dropped, so `has` and the reconnect see only live keys. */
function removeFrom<S>(groups: Map<number, Set<S>>, key: number, subscriber: S) {
  const current = groups.get(key);
  current?.delete(subscriber);
  if (current && current.size === 0) groups.delete(key);
}
