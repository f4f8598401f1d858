/**
 * Postal codes. Czech and Slovak ones are five digits written "NNN NN"; people type them with or
 * without the space, and they are stored in the written form. Other countries' formats vary too
 * much to check beyond a sane length and alphabet (letters, digits, spaces, dashes).
 */
const FIVE_DIGIT_COUNTRIES = new Set(["CZ", "SK"]);

/** The stored form: "NNN NN" for Czech and Slovak codes, otherwise trimmed with single spaces. */
export function normalizeZip(value: string, countryCode: string | null | undefined): string {
  const trimmed = value.trim().replace(/\s+/g, " ");
  if (FIVE_DIGIT_COUNTRIES.has((countryCode ?? "").toUpperCase())) {
    const digits = trimmed.replace(/\s/g, "");
    if (/^\d{5}$/.test(digits)) return `${digits.slice(0, 3)} ${digits.slice(3)}`;
  }
  return trimmed.toUpperCase();
}

export function isValidZip(value: string, countryCode: string | null | undefined): boolean {
  const trimmed = value.trim();
  if (FIVE_DIGIT_COUNTRIES.has((countryCode ?? "").toUpperCase())) return /^\d{3} ?\d{2}$/.test(trimmed);
  return /^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/.test(trimmed);
}
