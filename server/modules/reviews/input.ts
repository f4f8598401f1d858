/** Plain text as stored: trimmed, Windows line ends made Unix, no control characters but newline and tab. */
export const clean = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .trim();

/** A database id: a positive int4. */
export const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
