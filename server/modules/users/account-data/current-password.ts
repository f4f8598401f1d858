import { type Locale, translate } from "#core/i18n/index.ts";
import { type LoginThrottle, verifyPassword } from "../../auth/index.ts";
import type { Invalid, Limited } from "./shared.ts";

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
  meta: { locale: Locale; ip: string },
): Promise<Invalid | Limited | null> {
  const wait = throttle.retryAfter(user.email, { ip: meta.ip });
  if (wait > 0) {
    return {
      status: "limited",
      retryAfterSeconds: wait,
      errors: { form: [translate(meta.locale, "errors.tooManyRequests")] },
    };
  }
  if (await verifyPassword(user.passwordHash, password)) {
    throttle.succeeded(user.email);
    return null;
  }
  throttle.failed(user.email, { ip: meta.ip });
  return {
    status: "invalid",
    errors: { [field]: [translate(meta.locale, "accountData.errors.wrongPassword")] },
  };
}
