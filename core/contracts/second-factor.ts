import { type Locale, translate } from "../i18n/index.ts";

/** Why a second-factor code was refused (server/modules/auth/second-factor.ts). */
export type SecondFactorRefusal =
  | { reason: "none" | "invalid" | "replayed" }
  | { reason: "locked"; lockedUntil: Date };

/** Whole minutes left of a lock, at least 1 (shown as "try again in 15 min"). */
export function minutesLeft(lockedUntil: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}

/** The refusal in words, the wait included for a lock. */
export function secondFactorMessage(locale: Locale, refusal: SecondFactorRefusal, now?: Date): string {
  if (refusal.reason === "locked")
    return translate(locale, "adminStaff.verify.locked", { minutes: minutesLeft(refusal.lockedUntil, now) });
  return translate(locale, `adminStaff.verify.${refusal.reason}`);
}
