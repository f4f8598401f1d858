/** IBANs (ISO 13616): the bank account of QR payments and of the operator's settings. */

/** An IBAN without spaces in capitals, or null when its check digits (ISO 13616, mod 97) fail. */
export function normalizeIban(value: string): string | null {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

/** Formats an IBAN in groups of four, as people read it. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** A Czech account part passes the banks' modulo-11 check (ČNB decree 169/2011). */
function mod11(digits: string, weights: number[]): boolean {
  const padded = digits.padStart(weights.length, "0");
  return [...padded].reduce((sum, digit, index) => sum + Number(digit) * weights[index], 0) % 11 === 0;
}

/**
 * A Czech account number as people write it (`19-2000145399/0800`, `2801234527/2010`) as an IBAN,
 * or null when it is not one: prefix and number must pass the modulo-11 check.
 */
export function czechAccountToIban(account: string): string | null {
  const match = account.replace(/\s+/g, "").match(/^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/);
  if (!match) return null;
  const [, prefix = "", number, bank] = match;
  if (!mod11(prefix, PREFIX_WEIGHTS) || !mod11(number, NUMBER_WEIGHTS) || /^0+$/.test(number)) return null;
  const bban = bank + prefix.padStart(6, "0") + number.padStart(10, "0");
  // Check digits: 98 - (BBAN + "CZ00" with letters as numbers) mod 97.
  let remainder = 0;
  for (const digit of `${bban}123500`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `CZ${String(98 - remainder).padStart(2, "0")}${bban}`;
}
