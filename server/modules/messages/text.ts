import { isMessageKey, type Locale, translate } from "#core/i18n/index.ts";

export { MESSAGE_MAX, REPORT_REASON_MAX } from "#core/schemas/messages.ts";

/** A database id: a positive int4 (anything else matches no row, so it is refused early). */
export const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export const iso = (value: Date | string) => new Date(value).toISOString();

/** The rows of a raw `execute` on both drivers (PGlite returns them in `rows`, so does pg). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Plain text as stored: trimmed, Windows line ends made Unix, no control characters but newline and tab. */
export function cleanMessage(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .trim()
  );
}

/** A system message's text in the reader's language, from its kind and data; the stored body otherwise. */
export function systemText(
  locale: Locale,
  event: string | null,
  payload: Record<string, unknown> | null,
  body: string,
): string {
  const variant = typeof payload?.variant === "string" ? `.${payload.variant}` : "";
  const key = `messages.notice.${event}${variant}.message`;
  if (!event || !payload || !isMessageKey(key)) return body;
  const names = payload.names as Partial<Record<Locale, string>> | undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(payload))
    if (typeof value === "string" || typeof value === "number") values[name] = value;
  values.name = names?.[locale] ?? String(payload.productName ?? "");
  const text = translate(locale, key, values);
  // A value the stored data lacks (an older message) would show as `{price}`: keep the stored text.
  return /\{\w+\}/.test(text) ? body : text;
}
