import { formatWait } from "../formats/wait.ts";
import { type Locale, translate } from "../i18n/index.ts";

/** The 429 text with the wait in words ("Zkuste to prosím znovu za 30 s."). */
export function tooManyAttemptsMessage(locale: Locale, seconds: number): string {
  return translate(locale, "security.login.tooMany", { wait: formatWait(locale, seconds) });
}

/** The text that comes with a challenge: why the extra step, and that the page does it by itself. */
export function challengeMessage(locale: Locale): string {
  return translate(locale, "security.login.challenge");
}
