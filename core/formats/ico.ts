/**
 * Czech and EU company identifiers for invoice data (docs/product/formats.md, "IČO (company
 * identification number)" and "DIČ / VAT number"). Pure functions: the account form and the API
 * validate with the same rules.
 */

/** Spaces people type inside identifiers ("255 96 641", "CZ 25596641") are not part of them. */
export function normalizeIco(value: string): string {
  return value.replace(/\s+/g, "");
}

/**
 * IČO: exactly 8 digits (leading zeros are part of it: 00064581 is Prague's), the last one a
 * mod-11 check digit: s = Σ d[i]·(8−i) over the first seven, r = s mod 11, check = 1 when r = 0,
 * 0 when r = 1, otherwise 11 − r.
 */
export function isValidIco(value: string): boolean {
  const ico = normalizeIco(value);
  if (!/^\d{8}$/.test(ico)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i);
  const r = sum % 11;
  const check = r === 0 ? 1 : r === 1 ? 0 : 11 - r;
  return Number(ico[7]) === check;
}

/** Why an IČO is refused, so the form can say which: its length or its check digit. */
export function icoProblem(value: string): "format" | "checksum" | null {
  const ico = normalizeIco(value);
  if (!/^\d{8}$/.test(ico)) return "format";
  return isValidIco(ico) ? null : "checksum";
}

/** The VAT prefix of each EU member state: its ISO code, except Greece, which writes EL. */
const EU_VAT_PREFIX: Record<string, string> = {
  AT: "AT",
  BE: "BE",
  BG: "BG",
  CY: "CY",
  CZ: "CZ",
  DE: "DE",
  DK: "DK",
  EE: "EE",
  ES: "ES",
  FI: "FI",
  FR: "FR",
  GR: "EL",
  HR: "HR",
  HU: "HU",
  IE: "IE",
  IT: "IT",
  LT: "LT",
  LU: "LU",
  LV: "LV",
  MT: "MT",
  NL: "NL",
  PL: "PL",
  PT: "PT",
  RO: "RO",
  SE: "SE",
  SI: "SI",
  SK: "SK",
};

/** Upper case without spaces, dots or dashes ("cz 255-96-641" -> "CZ25596641"). */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s.-]+/g, "").toUpperCase();
}

/**
 * DIČ / VAT number for the address's country: Czech `CZ` + 8 digits (a company: its IČO) or 9-10
 * (a person: the birth number); Slovak IČ DPH `SK` + 10 digits; another EU state its own prefix and
 * 2-12 letters or digits (the common shape of EU VAT numbers); outside the EU letters and digits,
 * 4-20 of them, since those numbers have no shared form.
 */
export function isValidTaxId(value: string, countryCode: string | null | undefined): boolean {
  const taxId = normalizeTaxId(value);
  const country = (countryCode ?? "").toUpperCase();
  if (country === "CZ") return /^CZ\d{8,10}$/.test(taxId);
  if (country === "SK") return /^SK\d{10}$/.test(taxId);
  const prefix = EU_VAT_PREFIX[country];
  if (prefix) return taxId.startsWith(prefix) && /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(taxId);
  return /^[0-9A-Z]{4,20}$/.test(taxId);
}
