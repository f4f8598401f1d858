import { and, eq } from "drizzle-orm";
import { err, ok, type Result } from "#core/result.ts";
import type { PaymentsContext } from "../context.ts";
import { paymentEvents } from "../tables.ts";
import { applyGatewayState } from "./sync.ts";

/**
 * A gateway's notification: the signature must hold; an event already processed is answered
 * without effect (gateways deliver at least once); the payment's state is then read from the
 * gateway itself, never from the notification's body. Ok: processed now, or a duplicate; refused:
 * no such gateway here, or the signature does not hold.
 */
export async function handleNotification(
  ctx: PaymentsContext,
  provider: string,
  rawBody: string,
  signature: string | undefined,
): Promise<Result<"processed" | "duplicate", "unknown_provider" | "bad_signature">> {
  const gateway = ctx.gateway;
  if (!gateway || gateway.provider !== provider) return err("unknown_provider");
  const event = gateway.readNotification(rawBody, signature);
  if (!event) return err("bad_signature");
  await ctx.db
    .insert(paymentEvents)
    .values({ provider, eventId: event.eventId, payload: event.payload })
    .onConflictDoNothing();
  const [stored] = await ctx.db
    .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.eventId)));
  if (stored.processedAt) return ok("duplicate");
  await applyGatewayState(ctx, event.providerPaymentId, await gateway.status(event.providerPaymentId));
  // Marked only once it took effect: a crash before this line gets the event applied on redelivery.
  await ctx.db.update(paymentEvents).set({ processedAt: ctx.now() }).where(eq(paymentEvents.id, stored.id));
  return ok("processed");
}
