import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  entryKeyOf,
  MAX_STATEMENT_LINES,
  normalizeSymbol,
  type ParsedLine,
  type ParsedStatement,
  StatementFileError,
} from "./parsed.ts";

/**
 * ISO 20022 camt.053 (BkToCstmrStmt), as Czech banks export it (ČSOB, KB, Fio, Raiffeisenbank,
 * Česká spořitelna). Each `Ntry` is one booked entry; its variable symbol is where the bank put it:
 * RmtInf/Strd/CdtrRefInf/Ref (digits, or "VS123"), a "VS:123" or "/VS/123" in RmtInf/Ustrd, or the
 * EndToEndId ("VS123" or digits). The XML is parsed without a DTD: a file with a DOCTYPE (entity
 * declarations, external references) is refused before parsing, so no entity is ever expanded.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the XML's own five entities and character references; there is no DTD to declare more.
  processEntities: true,
  isArray: (name) => ["Stmt", "Ntry", "TxDtls", "Ustrd", "Bal"].includes(name),
});

const asNode = (value: unknown): Node | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Node) : undefined;

/** The text at a path of element names; the first of repeated elements. */
function text(node: unknown, ...path: string[]): string | null {
  let current: unknown = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    current = asNode(current)?.[name];
  }
  if (Array.isArray(current)) current = current[0];
  if (typeof current === "string") return current.trim() || null;
  const inner = asNode(current)?.["#text"];
  return typeof inner === "string" ? inner.trim() || null : null;
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** "1234.50" in the currency's units as minor units; refuses anything else. */
function minorUnits(amount: string | null): number {
  const match = amount ? /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount) : null;
  if (!match) throw new StatementFileError("malformed", `amount ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The variable symbol of an entry, by the Czech banks' habits. */
export function variableSymbolOfEntry(refs: {
  ref: string | null;
  ustrd: string[];
  endToEnd: string | null;
}) {
  const tagged = /(?:^|[^A-Z])VS[:\s/-]*0*(\d{1,10})\b/i;
  const fromRef = refs.ref?.match(tagged)?.[1] ?? normalizeSymbol(refs.ref);
  if (fromRef) return normalizeSymbol(fromRef);
  for (const line of refs.ustrd) {
    const found = line.match(tagged)?.[1];
    if (found) return normalizeSymbol(found);
  }
  const endToEnd = refs.endToEnd && refs.endToEnd !== "NOTPROVIDED" ? refs.endToEnd : null;
  return normalizeSymbol(endToEnd?.match(tagged)?.[1] ?? endToEnd);
}

function parseEntry(entry: Node, account: string | null, seen: Map<string, number>): ParsedLine {
  const direction = text(entry, "CdtDbtInd");
  if (direction !== "CRDT" && direction !== "DBIT") throw new StatementFileError("malformed", "CdtDbtInd");
  const amountMinor = minorUnits(text(entry, "Amt"));
  const currencyCode = (asNode(entry.Amt)?.["@Ccy"] as string | undefined) ?? "CZK";
  const bookedOn = (text(entry, "BookgDt", "Dt") ?? text(entry, "BookgDt", "DtTm"))?.slice(0, 10) ?? null;
  const tx = asNode(list(asNode(entry.NtryDtls)?.TxDtls)[0]) ?? {};
  const ustrd = list(asNode(tx.RmtInf)?.Ustrd).filter((line): line is string => typeof line === "string");
  const endToEnd = text(tx, "Refs", "EndToEndId");
  const variableSymbol = variableSymbolOfEntry({
    ref: text(tx, "RmtInf", "Strd", "CdtrRefInf", "Ref"),
    ustrd,
    endToEnd,
  });
  // The other party: the payer of a credit, the payee of a debit.
  const party = direction === "CRDT" ? "Dbtr" : "Cdtr";
  const parties = asNode(tx.RltdPties) ?? {};
  const counterName = text(parties, party, "Nm") ?? text(parties, party, "Pty", "Nm");
  const counterAccount =
    text(parties, `${party}Acct`, "Id", "IBAN") ?? text(parties, `${party}Acct`, "Id", "Othr", "Id");
  const reference =
    text(entry, "AcctSvcrRef") ?? text(entry, "NtryRef") ?? text(tx, "Refs", "AcctSvcrRef") ?? null;
  return {
    entryKey: entryKeyOf(
      "camt",
      account,
      reference,
      [bookedOn, amountMinor, direction, variableSymbol, counterAccount, ustrd.join(" ")],
      seen,
    ),
    direction: direction === "CRDT" ? "credit" : "debit",
    amountMinor,
    currencyCode,
    bookedOn,
    variableSymbol,
    counterAccount,
    counterName,
    message: ustrd.join(" ").slice(0, 500) || null,
  };
}

export function looksLikeCamt(text: string): boolean {
  return /^\uFEFF?\s*<(\?xml|Document|[A-Za-z0-9]+:Document)\b/.test(text);
}

export function parseCamt053(xml: string): ParsedStatement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new StatementFileError("malformed", "a DTD");
  if (XMLValidator.validate(xml) !== true) throw new StatementFileError("malformed", "not well-formed XML");
  const document = asNode(asNode(parser.parse(xml))?.Document);
  const statements = list(asNode(document?.BkToCstmrStmt)?.Stmt)
    .map(asNode)
    .filter((s) => s !== undefined);
  if (statements.length === 0) throw new StatementFileError("malformed", "no BkToCstmrStmt/Stmt");
  const first = statements[0];
  const account = text(first, "Acct", "Id", "IBAN") ?? text(first, "Acct", "Id", "Othr", "Id");
  const seen = new Map<string, number>();
  const lines: ParsedLine[] = [];
  for (const statement of statements) {
    for (const entry of list(statement.Ntry)) {
      const node = asNode(entry);
      if (!node) continue;
      // Only booked entries: a pending one may still change or vanish.
      const status = text(node, "Sts", "Cd") ?? text(node, "Sts");
      if (status && status !== "BOOK") continue;
      if (lines.length >= MAX_STATEMENT_LINES) throw new StatementFileError("tooManyLines");
      lines.push(parseEntry(node, account, seen));
    }
  }
  return {
    format: "camt053",
    account,
    reference: text(first, "Id") ?? text(first, "ElctrncSeqNb"),
    statementDate: (text(first, "FrToDt", "ToDtTm") ?? text(first, "CreDtTm"))?.slice(0, 10) ?? null,
    lines,
  };
}
