import {
  entryKeyOf,
  MAX_STATEMENT_LINES,
  normalizeSymbol,
  type ParsedLine,
  type ParsedStatement,
  StatementFileError,
} from "./parsed.ts";

/**
 * The Czech GPC (ABO) statement: fixed-width records of 128 characters, one per line, in
 * windows-1250. Layout as the banks publish it (Fio banka "Formát GPC", ČSOB "Formát ABO/GPC";
 * positions 1-based, docs/decisions/0024-bank-statement-import.md):
 *
 *   074 header:  1-3 "074" | 4-19 account | 20-39 name | 40-45 old balance date DDMMYY
 *                46-59 old balance | 60 sign | 61-74 new balance | 75 sign | 76-89 debits | 90 sign
 *                91-104 credits | 105 sign | 106-108 statement number | 109-114 statement date DDMMYY
 *   075 item:    1-3 "075" | 4-19 account | 20-35 counter account | 36-48 transaction id
 *                49-60 amount in haléře | 61 posting code (1 debit, 2 credit, 4 reversed debit,
 *                5 reversed credit) | 62-71 variable symbol | 72-81 "00" + counter bank code (4)
 *                + constant symbol (4) | 82-91 specific symbol | 92-97 value date DDMMYY
 *                98-117 counter name or note | 118 "0" | 119-122 currency (ISO 4217 numeric, 0203 = CZK)
 *                123-128 posting date DDMMYY
 *   078/079 lines carry extra notes and are skipped.
 */

const CURRENCIES: Record<string, string> = { "0203": "CZK", "0978": "EUR", "0840": "USD" };

/** DDMMYY as YYYY-MM-DD (years 2000-2099); null when it is no date. */
function gpcDate(raw: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!match) return null;
  const [, day, month, year] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  return `20${year}-${month}-${day}`;
}

const field = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** Whether the text looks like a GPC statement (its first record is a 074 header). */
export function looksLikeGpc(text: string): boolean {
  return /^\uFEFF?074\d{16}/.test(text);
}

function parseItem(line: string, seen: Map<string, number>): ParsedLine {
  const account = field(line, 4, 19).replace(/^0+/, "") || null;
  const amount = field(line, 49, 60);
  const code = field(line, 61, 61);
  if (!/^\d{12}$/.test(amount) || !/^[1245]$/.test(code))
    throw new StatementFileError("malformed", "a 075 record's amount or posting code");
  const transactionId = field(line, 36, 48).trim();
  const counterAccount = field(line, 20, 35).replace(/^0+/, "");
  const bankCode = field(line, 74, 77);
  const bookedOn = gpcDate(field(line, 123, 128)) ?? gpcDate(field(line, 92, 97));
  const variableSymbol = normalizeSymbol(field(line, 62, 71));
  const amountMinor = Number(amount);
  const note = field(line, 98, 117).trim() || null;
  const reference = /^0*$/.test(transactionId) ? null : transactionId;
  return {
    entryKey: entryKeyOf(
      "gpc",
      account,
      reference,
      [bookedOn, amountMinor, code, variableSymbol, counterAccount, note],
      seen,
    ),
    // A reversed debit brings money back, a reversed credit takes it away.
    direction: code === "2" || code === "4" ? "credit" : "debit",
    amountMinor,
    currencyCode: CURRENCIES[field(line, 119, 122)] ?? field(line, 119, 122).trim(),
    bookedOn,
    variableSymbol,
    counterAccount: counterAccount
      ? `${counterAccount}${/^\d{4}$/.test(bankCode) && bankCode !== "0000" ? `/${bankCode}` : ""}`
      : null,
    counterName: note,
    message: code === "4" || code === "5" ? "storno" : null,
  };
}

export function parseGpc(text: string): ParsedStatement {
  const records = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  const header = records[0];
  if (!header?.startsWith("074") || header.length < 114)
    throw new StatementFileError("malformed", "no 074 header");
  const account = field(header, 4, 19).replace(/^0+/, "") || null;
  const seen = new Map<string, number>();
  const lines: ParsedLine[] = [];
  for (const record of records.slice(1)) {
    if (record.startsWith("074")) continue; // a file may hold several days' statements
    if (!record.startsWith("075")) continue;
    if (record.length < 128) throw new StatementFileError("malformed", "a 075 record shorter than 128");
    if (lines.length >= MAX_STATEMENT_LINES) throw new StatementFileError("tooManyLines");
    lines.push(parseItem(record, seen));
  }
  return {
    format: "gpc",
    account,
    reference: field(header, 106, 108).replace(/^0+/, "") || null,
    statementDate: gpcDate(field(header, 109, 114)),
    lines,
  };
}
