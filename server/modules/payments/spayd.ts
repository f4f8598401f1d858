import QRCode from "qrcode";
import { normalizeIban } from "#core/formats/iban.ts";

/**
 * Czech QR payments (QR Platba, SPAYD 1.0, qr-platba.cz): `SPD*1.0*KEY:value*...`. A bank app
 * reads the account, amount, currency, variable symbol and message from the code, so a bank
 * transfer needs no typing. Our own small builder: the `spayd` package refuses amounts under
 * 1 Kč and variable symbols with a leading zero (docs/product/payments.md, "Bank transfer with a
 * QR payment").
 */

export type SpaydInput = {
  /** IBAN, with or without spaces. */
  iban: string;
  amountMinor: number;
  currency?: string;
  /** Variable symbol: 1 to 10 digits. */
  variableSymbol?: string;
  /** Message for the recipient; cut to 60 characters. */
  message?: string;
  /** Due date (its calendar day in Prague is not needed: the bank reads a date only). */
  dueDate?: Date;
};

export const SPAYD_MESSAGE_MAX = 60;

/** A value may hold anything but the separator: `*` is written `%2A`. */
function escapeValue(value: string): string {
  return value.replace(/\*/g, "%2A");
}

export function buildSpayd(input: SpaydInput): string {
  const iban = normalizeIban(input.iban);
  if (!iban) throw new Error("SPAYD: invalid IBAN");
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0)
    throw new Error("SPAYD: the amount must be whole minor units, not negative");
  const parts = ["SPD", "1.0", `ACC:${iban}`, `AM:${(input.amountMinor / 100).toFixed(2)}`];
  parts.push(`CC:${(input.currency ?? "CZK").toUpperCase()}`);
  if (input.dueDate) {
    const d = input.dueDate;
    const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
    parts.push(`DT:${ymd}`);
  }
  if (input.message) parts.push(`MSG:${escapeValue(input.message.trim().slice(0, SPAYD_MESSAGE_MAX))}`);
  if (input.variableSymbol !== undefined) {
    if (!/^\d{1,10}$/.test(input.variableSymbol))
      throw new Error("SPAYD: a variable symbol is 1 to 10 digits");
    parts.push(`X-VS:${input.variableSymbol}`);
  }
  return parts.join("*");
}

/** The QR code of a SPAYD string as inline SVG (error correction M, as the standard asks). */
export function spaydQrSvg(spayd: string): Promise<string> {
  return QRCode.toString(spayd, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
