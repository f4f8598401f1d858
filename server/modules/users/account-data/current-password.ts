import { err } from "#core/result.ts";
import { type LoginThrottle, verifyPassword } from "../../auth/index.ts";
import { type Invalid, invalidAt, type Limited } from "./shared.ts";

export type PasswordThrottle = Pick<LoginThrottle, "retryAfter" | "failed" | "succeeded">;

/**
 * The current password, checked with the login's per-account limit: a stolen session must not
 * become a way to guess the password (and take the account over by changing the e-mail). Null
 * when it is right.
 */
export async function checkPassword(
  throttle: PasswordThrottle,
  user: { email: string; passwordHash: string },
  password: string,
  field: string,
  meta: { ip: string },
): Promise<Invalid | Limited | null> {
  const wait = await throttle.retryAfter(user.email, { ip: meta.ip });
  if (wait > 0) {
    return err("limited", {
      retryAfterSeconds: wait,
      problems: { form: [{ key: "errors.tooManyRequests" }] },
    });
  }
  if (await verifyPassword(user.passwordHash, password)) {
    await throttle.succeeded(user.email);
    return null;
  }
  await throttle.failed(user.email, { ip: meta.ip });
  return invalidAt(field, "accountData.errors.wrongPassword");
}
