/**
 * The arithmetic of tax documents (docs/product/payments.md, "Tax documents"): prices include VAT
 * at one rate, and the numbers run in one series per year.
 */

export const VAT_RATE = 21;

/**
 * Splits a price that includes VAT into base and VAT: the VAT is total × rate / (100 + rate),
 * rounded to whole haléře half up (the VAT Act's calculation from a price with tax since 2019).
 */
export function splitVat(totalMinor: number, rate = VAT_RATE): { baseMinor: number; vatMinor: number } {
  const vatMinor = Math.floor((totalMinor * rate * 2 + (100 + rate)) / (2 * (100 + rate)));
  return { baseMinor: totalMinor - vatMinor, vatMinor };
}

/** `2026000001`: the year and six digits. */
export const invoiceNumber = (year: number, sequence: number) =>
  `${year}${String(sequence).padStart(6, "0")}`;
