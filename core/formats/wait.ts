import { type Locale, translate } from "../i18n/index.ts";

/**
 * A wait for messages ("Zkuste to znovu za 30 s"): seconds below two minutes, minutes below two
 * hours, else hours, always rounded up, so the visitor never comes back too early.
 */
export function formatWait(locale: Locale, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return translate(locale, "security.wait.seconds", { count: s });
  if (s < 7200) return translate(locale, "security.wait.minutes", { count: Math.ceil(s / 60) });
  return translate(locale, "security.wait.hours", { count: Math.ceil(s / 3600) });
}
