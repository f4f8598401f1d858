import { type Locale, translate } from "../i18n/index.ts";

/** Why a second-factor code was refused: the code of server/modules/auth/second-factor.ts's refusal. */
export type SecondFactorRefusal =
  | { code: "none" | "invalid" | "replayed" }
  | { code: "locked"; details: { lockedUntil: Date } };

/** Whole minutes left of a lock, at least 1 (shown as "try again in 15 min"). */
export function minutesLeft(lockedUntil: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}

/** The refusal in words, the wait included for a lock. */
export function secondFactorMessage(locale: Locale, refusal: SecondFactorRefusal, now?: Date): string {
  if (refusal.code === "locked")
    return translate(locale, "adminStaff.verify.locked", {
      minutes: minutesLeft(refusal.details.lockedUntil, now),
    });
  return translate(locale, `adminStaff.verify.${refusal.code}`);
}
