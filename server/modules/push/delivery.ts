import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { PushKind, PushPayload } from "#core/contracts/push.ts";
import type { PushSender } from "#server/adapters/push/index.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { pushDeliveries, pushSubscriptions } from "./tables.ts";

/** What a `push.send` job carries: the user and the payload, rendered in their language. */
export type PushJob = { userId: number; payload: PushPayload };

/** Urgent kinds go at once and are worth little an hour later (RFC 8030 Urgency and TTL). */
const URGENT: ReadonlySet<PushKind> = new Set(["outbid", "ending_soon"]);

/**
 * The `push.send` job's work (ADR 0110): one request per subscribed browser, each after claiming
 * its (notice, subscription) delivery row, so that a retried job never pushes a browser twice.
 */
export function createPushDelivery(deps: {
  db: Db;
  sender: PushSender | null;
  logger?: Pick<Logger, "warn">;
}) {
  const { db, sender, logger } = deps;
  return {
    /**
     * The job: pushes one notice to each of the user's browsers that has not taken it yet. Throws
     * when one failed for now (network, 429, 5xx), so the job retries those only.
     */
    async deliver(job: PushJob): Promise<{ delivered: number; dropped: number }> {
      if (!sender) return { delivered: 0, dropped: 0 };
      const targets = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, job.userId));
      const topic = createHash("sha256").update(job.payload.id).digest("base64url").slice(0, 32);
      const urgent = URGENT.has(job.payload.kind);
      let delivered = 0;
      let dropped = 0;
      let failure: unknown = null;
      for (const target of targets) {
        const [claimed] = await db
          .insert(pushDeliveries)
          .values({ noticeKey: job.payload.id, subscriptionId: target.id })
          .onConflictDoNothing()
          .returning({ key: pushDeliveries.noticeKey });
        if (!claimed) continue;
        try {
          const outcome = await sender.send(
            { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
            {
              payload: JSON.stringify(job.payload),
              ttl: urgent ? 3600 : 24 * 3600,
              urgency: urgent ? "high" : "normal",
              topic,
            },
          );
          if (outcome === "delivered") {
            delivered += 1;
            await db
              .update(pushSubscriptions)
              .set({ lastDeliveredAt: new Date() })
              .where(eq(pushSubscriptions.id, target.id));
          } else if (outcome === "gone") {
            dropped += 1;
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
          } else logger?.warn({ subscriptionId: target.id }, "push refused by the push service");
        } catch (error) {
          // Not delivered: release the claim so that the retry tries this endpoint again.
          await db
            .delete(pushDeliveries)
            .where(
              and(eq(pushDeliveries.noticeKey, job.payload.id), eq(pushDeliveries.subscriptionId, target.id)),
            );
          failure ??= error;
        }
      }
      if (failure) throw failure;
      return { delivered, dropped };
    },

    /** Forgets deliveries older than a week: no job of theirs can run again by then. */
    async pruneDeliveries(now = new Date()): Promise<void> {
      await db
        .delete(pushDeliveries)
        .where(lt(pushDeliveries.createdAt, new Date(now.getTime() - 7 * 86_400_000)));
    },
  };
}
