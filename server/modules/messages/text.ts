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
