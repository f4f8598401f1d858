import { and, count, eq } from "drizzle-orm";
import type { NotificationKind } from "#core/contracts/messages.ts";
import {
  PUSH_KINDS,
  type PushPayload,
  type PushSubscriptionInput,
  type PushSwitches,
  pushKindOf,
} from "#core/contracts/push.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { PushSender } from "#server/adapters/push/index.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { createPushDelivery, type PushJob } from "./delivery.ts";
import { acceptableSubscription, storeSubscription } from "./subscriptions.ts";
import { readSwitches, switchesOf, writeSwitches } from "./switches.ts";
import { pushSubscriptions } from "./tables.ts";

/**
 * Web push (issue 39, item 2; ADR 0110). A notice is pushed through an outbox: `enqueue` runs in
 * the notice's transaction and queues a `push.send` job (keyed by the notice), so a push goes out
 * if and only if the notice commits, never from inside a bid. The job encrypts and sends one
 * request per subscribed browser (the port in server/adapters/push), claiming a delivery row per
 * notice and endpoint first, so a retry pushes none twice; an endpoint the push service says is
 * gone (404, 410) is dropped.
 */

export const PUSH_QUEUE = "push.send";
export const PUSH_PRUNE_QUEUE = "push.prune";

export type PushNotice = {
  kind: NotificationKind;
  /** Unique per notice (the system message's id): the job's and the deliveries' key. */
  key: string;
  title: string;
  body: string;
  /** A path of our site, in the recipient's language. */
  href: string;
};

export type PushDeps = {
  db: Db;
  jobs: JobRunner;
  /** The sender, or null when push is not configured (no VAPID keys): nothing is queued then. */
  sender: PushSender | null;
  publicKey: string | null;
  /** Origins accepted as endpoints besides the browsers' push services (the local simulator). */
  extraOrigins?: string[];
  logger?: Pick<Logger, "info" | "warn" | "error">;
};

export const noSwitches = (): PushSwitches =>
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, false])) as PushSwitches;

export function createPushService(deps: PushDeps) {
  const { db, jobs, sender, logger } = deps;

  return {
    /** The VAPID public key browsers subscribe with; null when push is off on this site. */
    publicKey: () => deps.publicKey,

    switches: async (userId: number) => switchesOf(await readSwitches(db, userId)),

    /** Saves the kinds given (others stay); returns all of them. */
    saveSwitches: (userId: number, changes: Partial<PushSwitches>) => {
      const clean = Object.fromEntries(
        PUSH_KINDS.filter((kind) => typeof changes[kind] === "boolean").map((kind) => [kind, changes[kind]]),
      );
      return writeSwitches(db, userId, clean);
    },

    /** How many browsers the user subscribed. */
    async deviceCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },

    /**
     * Stores a browser's subscription for the user (an endpoint seen before moves to them: the
     * browser is now theirs). The first one switches every kind on: subscribing is the opt-in.
     */
    async subscribe(
      userId: number,
      input: PushSubscriptionInput,
    ): Promise<Result<PushSwitches, "unavailable" | "invalid">> {
      if (!sender || !deps.publicKey) return err("unavailable");
      if (!acceptableSubscription(input, deps.extraOrigins ?? [])) return err("invalid");
      return ok(await storeSubscription(db, userId, input));
    },

    /** Forgets one browser of the user (it unsubscribed, or the user turned push off there). */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return gone.length > 0;
    },

    /**
     * The outbox: in the notice's transaction, queues its push when the kind is pushed, the user
     * switched it on and has a browser subscribed. Returns whether a push was queued.
     */
    async enqueue(tx: Db, userId: number, notice: PushNotice): Promise<boolean> {
      const kind = pushKindOf(notice.kind);
      if (!kind || !sender) return false;
      if ((await readSwitches(tx, userId))?.[kind] !== true) return false;
      const [devices] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (!devices?.n) return false;
      const payload: PushPayload = {
        id: notice.key,
        kind,
        title: notice.title,
        body: notice.body,
        url: notice.href,
      };
      await jobs.send(PUSH_QUEUE, { userId, payload } satisfies PushJob, { tx, singletonKey: notice.key });
      return true;
    },

    ...createPushDelivery({ db, sender, logger }),
  };
}

export type { PushJob };
export type PushService = ReturnType<typeof createPushService>;

/** The push jobs: `push.send` (retried with backoff) and a daily prune of the delivery keys. */
export async function registerPushJobs(
  jobs: JobRunner,
  push: Pick<PushService, "deliver" | "pruneDeliveries">,
) {
  jobs.define(PUSH_QUEUE, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, notify: true });
  jobs.define(PUSH_PRUNE_QUEUE, { policy: "exclusive", retryLimit: 0 });
  jobs.work<PushJob>(PUSH_QUEUE, async (data) => {
    await push.deliver(data);
  });
  jobs.work(PUSH_PRUNE_QUEUE, () => push.pruneDeliveries());
  await jobs.schedule(PUSH_PRUNE_QUEUE, "41 3 * * *");
}
