import { sql } from "drizzle-orm";
import { PUSH_KINDS, type PushSubscriptionInput, type PushSwitches } from "#core/contracts/push.ts";
import type { Db } from "#server/db/client.ts";
import { readSwitches, switchesOf, writeSwitches } from "./switches.ts";
import { pushSubscriptions } from "./tables.ts";

/**
 * Which endpoints we accept (ADR 0110). An endpoint is a URL our server POSTs to, so a free one
 * would let any user point our server at any address (SSRF): only the browsers' push services over
 * https, plus the origins the configuration adds (the local simulator in the demo and the tests).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge on Android, Opera
  /^updates\.push\.services\.mozilla\.com$/, // Firefox
  /^[\w-]+\.notify\.windows\.com$/, // Edge on Windows (WNS)
  /^web\.push\.apple\.com$/, // Safari
];

/** A base64url string of `bytes` bytes. */
const keyOf = (value: string, bytes: number) =>
  /^[\w-]+={0,2}$/.test(value) && Buffer.from(value, "base64url").length === bytes;

export function acceptableSubscription(input: PushSubscriptionInput, extraOrigins: string[]): boolean {
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    return false;
  }
  if (input.endpoint.length > 1000) return false;
  const known =
    url.protocol === "https:" && !url.port && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
  if (!known && !extraOrigins.includes(url.origin)) return false;
  // RFC 8291: an uncompressed P-256 point (65 bytes) and a 16-byte auth secret.
  return keyOf(input.keys.p256dh, 65) && keyOf(input.keys.auth, 16);
}

/** A browser's subscriptions per user at most: a new one beyond it replaces the oldest. */
const MAX_SUBSCRIPTIONS = 10;

/**
 * Stores a browser's subscription for the user (an endpoint seen before moves to them: the browser
 * is now theirs); the first one switches every kind on. Returns the user's switches.
 */
export function storeSubscription(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
): Promise<PushSwitches> {
  return db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth },
      });
    // Beyond the cap, the oldest go (a browser that stopped answering rarely says so).
    await tx.execute(sql`
      delete from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId}
        and ${pushSubscriptions.id} not in (
          select id from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId}
          order by ${pushSubscriptions.id} desc limit ${MAX_SUBSCRIPTIONS})`);
    const stored = await readSwitches(tx, userId);
    if (stored === undefined)
      return writeSwitches(tx, userId, Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true])));
    return switchesOf(stored);
  });
}
