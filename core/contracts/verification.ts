import { formatWait } from "../formats/wait.ts";
import { type Locale, translate } from "../i18n/index.ts";

/**
 * The refusals of the SMS verification (docs/product/accounts.md, "Verified account (SMS)"), as
 * the users module answers them (codes, ADR 0068), and their texts for both front doors: the
 * API and the verified-account page say the same.
 */
export type SendRefusal =
  | { code: "no_phone" }
  | { code: "failed" }
  /** `dailyLimit`: the day's codes are used up (their number); null: wait for the next minute. */
  | { code: "limited"; details: { retryAfterSeconds: number; dailyLimit: number | null } };

export type CheckRefusal = { code: "invalid" | "expired" | "used_up" | "no_code" };

export function sendRefusalMessage(locale: Locale, refusal: SendRefusal): string {
  switch (refusal.code) {
    case "no_phone":
      return translate(locale, "security.verification.noPhone");
    case "failed":
      return translate(locale, "security.verification.sendFailed");
    case "limited": {
      const { retryAfterSeconds, dailyLimit } = refusal.details;
      const key =
        dailyLimit !== null ? "security.verification.dailyLimit" : "security.verification.resendWait";
      return translate(locale, key, { wait: formatWait(locale, retryAfterSeconds), max: dailyLimit ?? 0 });
    }
  }
}

const CHECK_KEYS = {
  invalid: "security.verification.wrongCode",
  expired: "security.verification.expired",
  used_up: "security.verification.usedUp",
  no_code: "security.verification.noCode",
} as const;

export function checkRefusalMessage(locale: Locale, refusal: CheckRefusal): string {
  return translate(locale, CHECK_KEYS[refusal.code]);
}
