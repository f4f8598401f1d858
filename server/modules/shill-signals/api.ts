import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "#server/http/types.ts";

/**
 * Records what a signed-in account is seen with (ADR 0087): the `device` cookie the login sets
 * (app/auth.server.ts, a random id, strictly necessary) and the client's address, both only as
 * keyed hashes (fingerprints.ts), once a day per account, device and address. After the response,
 * so no page waits for it; a failure is logged without the values and never fails the request.
 */
const DEVICE_COOKIE = "device";
const DEVICE_ID = /^[\w-]{22,64}$/;

export const recordAccountFingerprints: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const user = c.get("user");
  if (!user) return;
  const cookie = getCookie(c, DEVICE_COOKIE);
  const device = cookie && DEVICE_ID.test(cookie) ? cookie : null;
  try {
    await c.get("services").shillSignals.fingerprints.seen(user.id, device, c.get("clientIp") ?? null);
  } catch (err) {
    c.get("logger")?.warn({ err: (err as Error).message }, "could not record the account's fingerprints");
  }
};
