import { eq } from "drizzle-orm";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { dealProviderEvents } from "./tables/provider.ts";

/**
 * The provider's webhooks (issue 35, item 3): verified by the adapter (signature and age), stored
 * once by their event id, and processed by a durable job, so the answer to the provider is quick
 * and a webhook acknowledged is never lost to a crash. A replayed or repeated webhook finds its
 * event stored and changes nothing; a forged one is refused before anything is written.
 */

export const PROVIDER_EVENT_QUEUE = "deals.provider_event";

export type WebhookOutcome = "accepted" | "repeated" | "forged";

export async function receiveWebhook(
  db: Db,
  jobs: Pick<JobRunner, "send">,
  marketplace: MarketplacePayments,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = marketplace.readWebhook(rawBody, signature);
  if (!event) return "forged";
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(dealProviderEvents)
      .values({
        provider: marketplace.provider,
        eventId: event.eventId,
        type: event.type,
        providerType: event.providerType,
        objectId: event.objectId,
        reference: event.reference,
      })
      .onConflictDoNothing()
      .returning({ id: dealProviderEvents.id });
    if (!stored) return "repeated";
    await jobs.send(PROVIDER_EVENT_QUEUE, { eventRowId: stored.id }, { tx });
    return "accepted";
  });
}

export type StoredEvent = typeof dealProviderEvents.$inferSelect;

/** The stored event to process; null once processed (a job run twice does it once). */
export async function unprocessedEvent(db: Db, eventRowId: number): Promise<StoredEvent | null> {
  const [row] = await db.select().from(dealProviderEvents).where(eq(dealProviderEvents.id, eventRowId));
  return row && row.processedAt === null ? row : null;
}

export async function markEventProcessed(db: Db, eventRowId: number, at: Date): Promise<void> {
  await db.update(dealProviderEvents).set({ processedAt: at }).where(eq(dealProviderEvents.id, eventRowId));
}
