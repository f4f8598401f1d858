import { isRowId } from "#server/db/rows.ts";

export { MESSAGE_MAX, REPORT_REASON_MAX } from "#core/schemas/messages.ts";

/** A database id: a positive int4 (anything else matches no row, so it is refused early). */
export const validId = isRowId;

export const iso = (value: Date | string) => new Date(value).toISOString();

export { rowsOf } from "#server/db/rows.ts";

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
