import type { OrderView } from "#core/contracts/payments.ts";
import { fingerprintOf, REQUEST_KEY_PATTERN, type RequestKey } from "#core/contracts/request-keys.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { findOrder, holdRequestKey, orderOfRequestKey } from "../orders/index.ts";
import type { PaymentsContext } from "./context.ts";
import { viewOrder } from "./orders/view.ts";

/**
 * A fee or promotion order asked for twice (ADR 0069): the request's key (the promotion form's
 * hidden key, the API's Idempotency-Key) is the signed-in user's, and a repeat answers the order
 * the first request made instead of making another (and cancelling the first as "replaced").
 */

/** An order as its page shows it; `repeated` when a repeat of the request's key answers it. */
export type RepeatableOrder = OrderView & { repeated?: true };

/** The key of a user's request for `request`; null without a (well-formed) key. */
export function userRequestKey(
  userId: number,
  key: string | null | undefined,
  request: Record<string, string | number | boolean | null>,
): RequestKey | null {
  if (!key || !REQUEST_KEY_PATTERN.test(key)) return null;
  return { scope: `user:${userId}`, key, fingerprint: fingerprintOf(request) };
}

/**
 * The answer to a repeat: the earlier request's order as its page shows it, or `key_reused` when
 * the key was used for another request; null when no request with the key made an order. Outside the
 * order's transaction (the page's view reads with the service's own handle).
 */
export async function earlierOrder(
  ctx: PaymentsContext,
  userId: number,
  key: RequestKey | null,
  locale: Locale,
): Promise<Ok<RepeatableOrder> | Err<"key_reused"> | null> {
  if (!key) return null;
  const earlier = await orderOfRequestKey(ctx.db, key, userId);
  if (!earlier) return null;
  if (earlier.fingerprint !== key.fingerprint) return err("key_reused");
  const order = await findOrder(ctx.db, earlier.id, earlier.hash);
  return order ? ok({ ...(await viewOrder(ctx, order, locale)), repeated: true }) : null;
}

/**
 * First in the order's transaction: holds the key (a concurrent repeat waits here) and says
 * whether a request with it made an order meanwhile (then the caller answers earlierOrder).
 */
export async function heldKeyWasUsed(tx: Db, userId: number, key: RequestKey | null): Promise<boolean> {
  if (!key) return false;
  await holdRequestKey(tx, key);
  return (await orderOfRequestKey(tx, key, userId)) !== null;
}
