import { looksLikeCamt, parseCamt053 } from "./camt.ts";
import { looksLikeGpc, parseGpc } from "./gpc.ts";
import { MAX_STATEMENT_BYTES, type ParsedStatement, StatementFileError } from "./parsed.ts";

/**
 * Reads an uploaded statement: CAMT.053 (UTF-8 XML) or GPC (windows-1250, or UTF-8 where a bank
 * writes it so). Refuses what is too large, neither format, malformed or empty.
 */
export function parseStatementFile(bytes: Uint8Array): ParsedStatement {
  if (bytes.byteLength > MAX_STATEMENT_BYTES) throw new StatementFileError("tooLarge");
  const utf8 = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  let parsed: ParsedStatement;
  if (looksLikeCamt(utf8)) parsed = parseCamt053(utf8);
  else if (looksLikeGpc(utf8)) {
    const valid = (() => {
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        return null;
      }
    })();
    parsed = parseGpc(valid ?? new TextDecoder("windows-1250").decode(bytes));
  } else throw new StatementFileError("unknownFormat");
  if (parsed.lines.length === 0) throw new StatementFileError("empty");
  return parsed;
}
