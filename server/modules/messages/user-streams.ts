import type { MessageCounter, UserEvent } from "#core/contracts/messages.ts";
import type { NotificationListener } from "#server/db/listen.ts";
import { createStreamHub } from "#server/db/stream-hub.ts";
import type { Logger } from "#server/logger.ts";
import { USER_EVENTS_CHANNEL } from "./announce.ts";

/**
 * The signed-in user's live feed (GET /api/me/events): Server-Sent Events fed by the NOTIFYs on
 * `user_events` that every change of their inbox commits (a message to them, a system notice, a
 * reading or a deletion in another tab). The payload names the user and the thread only; per
 * notification the counts are read once and sent to each of that user's open pages, which update
 * the bell and, on the thread page, load the new messages.
 *
 * It rides on the process's one LISTEN connection (server/db/listen.ts), shared with the auction
 * streams. After a reconnect of that connection every open stream gets fresh counts: a NOTIFY lost
 * meanwhile costs nothing but a moment.
 */

export type UserStreamSink = {
  send(event: UserEvent): Promise<void>;
  comment(text: string): Promise<void>;
  retry(ms: number): Promise<void>;
  close(): void;
};

export type UserStreams = {
  /** Attaches a stream of a user: first their counts, then an event per change. Returns the detach function. */
  attach(input: { userId: number; sink: UserStreamSink }): () => void;
  /** Ends every stream and stops listening (shutdown). */
  stop(): Promise<void>;
  size(): number;
};

type Subscriber = { userId: number; sink: UserStreamSink; writing: Promise<void> };

export function createUserStreams(options: {
  listener: NotificationListener;
  counter: (userId: number) => Promise<MessageCounter>;
  logger?: Pick<Logger, "warn" | "error">;
  heartbeatMs?: number;
}): UserStreams {
  const { listener, counter, logger } = options;
  const hub = createStreamHub<Subscriber>({
    listener,
    channel: USER_EVENTS_CHANNEL,
    onNotification,
    onReconnect: (userIds) => {
      for (const userId of userIds) schedule(userId, null);
    },
    heartbeatMs: options.heartbeatMs,
    logger,
    label: "user stream",
  });
  /** Per user, the refresh in progress: a burst of notifications reads the counts once after it. */
  const pending = new Map<number, { threadIds: Set<number | null>; running: Promise<void> }>();

  function write(subscriber: Subscriber, event: UserEvent) {
    subscriber.writing = subscriber.writing
      .then(() => subscriber.sink.send(event))
      .catch((err) => logger?.warn({ err }, "user stream write failed"));
  }

  async function refresh(userId: number, threadIds: Set<number | null>, only?: Subscriber) {
    const targets = only ? [only] : hub.streamsOf(userId);
    if (targets.length === 0) return;
    const counts = await counter(userId);
    const ids = [...threadIds];
    for (const subscriber of targets) {
      // One event per changed thread (the thread page reloads only for its own), the counts in each.
      if (ids.length === 0) write(subscriber, { counter: counts, threadId: null });
      for (const threadId of ids) write(subscriber, { counter: counts, threadId });
    }
  }

  /** Coalesces the notifications of one user that arrive while their counts are being read. */
  function schedule(userId: number, threadId: number | null) {
    const entry = pending.get(userId);
    if (entry) {
      entry.threadIds.add(threadId);
      return;
    }
    const threadIds = new Set<number | null>([threadId]);
    const running = (async () => {
      // Let the notifications of the same commit arrive before reading.
      await Promise.resolve();
      pending.delete(userId);
      await refresh(userId, threadIds);
    })().catch((err) => logger?.error({ err, userId }, "user stream refresh failed"));
    pending.set(userId, { threadIds, running });
  }

  function onNotification(payload: string | undefined) {
    let event: { userId?: unknown; threadId?: unknown };
    try {
      event = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (!Number.isSafeInteger(event.userId)) return;
    const userId = event.userId as number;
    if (!hub.has(userId)) return;
    schedule(userId, Number.isSafeInteger(event.threadId) ? (event.threadId as number) : null);
  }

  return {
    attach({ userId, sink }) {
      const subscriber: Subscriber = { userId, sink, writing: Promise.resolve() };
      return hub.attach(userId, subscriber, () => refresh(userId, new Set([null]), subscriber));
    },
    stop: hub.stop,
    size: hub.size,
  };
}
