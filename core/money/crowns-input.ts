/**
 * Amounts as a Czech person types them into a field, in whole crowns with up to two decimals: the
 * one parser for every money field (the bid form, the listing form, the price filter). Minor units
 * (hellers) are what the rest of the code counts in (docs/product/formats.md).
 */

/**
 * Crowns as typed ("1 500", "1.500", "1500,50", "1 500,50 Kč", "1500,5", "1500.25") to minor units;
 * null for an empty field, "invalid" for anything else (more than two decimals, letters, a sign).
 * Dots before groups of exactly three digits separate thousands ("1.500", "12.345.678"); any other
 * dot or comma is the decimal mark. "1,505" is refused: three decimals are no price.
 */
export function parseCrowns(value: string): number | null | "invalid" {
  const cleaned = value
    .replace(/\s|\u00a0|\u202f/g, "")
    .replace(/(kč|czk)$/i, "")
    .trim();
  if (cleaned === "") return null;
  // A dot followed by exactly three digits is a thousands separator ("1.500"); otherwise a decimal point.
  const normalised = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(cleaned)
    ? cleaned.replace(/\./g, "").replace(",", ".")
    : cleaned.replace(",", ".");
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(normalised);
  if (!match) return "invalid";
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Minor units back to what the form shows: "1500" or "1500,50". */
export function formatCrownsInput(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return "";
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(whole) : `${whole},${String(cents).padStart(2, "0")}`;
}
