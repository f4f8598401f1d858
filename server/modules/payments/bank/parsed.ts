import { createHash } from "node:crypto";

/** A statement as read from a bank's file, whatever its format. */
export type ParsedStatement = {
  format: "camt053" | "gpc";
  account: string | null;
  reference: string | null;
  /** YYYY-MM-DD */
  statementDate: string | null;
  lines: ParsedLine[];
};

export type ParsedLine = {
  /** The bank's identity of the entry (see entryKeyOf). */
  entryKey: string;
  direction: "credit" | "debit";
  amountMinor: number;
  currencyCode: string;
  bookedOn: string | null;
  variableSymbol: string | null;
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
};

/** A file the import refuses; `code` names the translated message (adminOrders.statements.errors.*). */
export class StatementFileError extends Error {
  readonly code: "tooLarge" | "unknownFormat" | "malformed" | "tooManyLines" | "empty";
  constructor(code: StatementFileError["code"], detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
  }
}

/** Files above this are no daily statement of a small shop's account. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 10_000;

/**
 * A variable symbol as banks write it: up to 10 digits, leading zeros meaningless ("0000001234" =
 * "1234"); null for none or all zeros.
 */
export function normalizeSymbol(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.trim();
  if (!/^\d{1,10}$/.test(digits)) return null;
  const stripped = digits.replace(/^0+/, "");
  return stripped === "" ? null : stripped;
}

/**
 * The line's identity at the bank: its own reference within the account where the bank gives one,
 * else a digest of what it says plus its position among identical lines of the file (two equal
 * transfers on one day are two lines).
 */
export function entryKeyOf(
  format: string,
  account: string | null,
  reference: string | null,
  fields: readonly unknown[],
  seen: Map<string, number>,
): string {
  if (reference) return `${format}:${account ?? ""}:${reference}`;
  const digest = createHash("sha256")
    .update(JSON.stringify([account, ...fields]))
    .digest("hex")
    .slice(0, 32);
  const count = (seen.get(digest) ?? 0) + 1;
  seen.set(digest, count);
  return `${format}:${account ?? ""}:#${digest}:${count}`;
}
