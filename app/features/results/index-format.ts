import type { IndexPoint } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";

export { formatMonth } from "#core/formats/dates.ts";

/** An index level in hundredths as the language writes it: `103,50` / `103.50`. */
export function formatLevel(level: number, locale: Locale): string {
  const text = (level / 100).toFixed(2);
  return locale === "cs" ? text.replace(".", ",") : text;
}

/**
 * The index as CSV (RFC 4180 lines, CRLF), for a spreadsheet of the language: in Czech separated
 * by semicolons with a decimal comma (as Czech Excel reads it), in English by commas with a decimal
 * point; UTF-8 with a byte order mark so that Excel reads the accents. The month stays `YYYY-MM`.
 */
export function indexCsv(levels: readonly IndexPoint[], locale: Locale): string {
  const cs = locale === "cs";
  const separator = cs ? ";" : ",";
  const header = cs
    ? ["mesic", "index", "opakovane_prodeje", "prevzato"]
    : ["month", "index", "repeat_sales", "carried"];
  const yes = cs ? "ano" : "yes";
  const no = cs ? "ne" : "no";
  const lines = [
    header.join(separator),
    ...levels.map((point) =>
      [point.month, formatLevel(point.level, locale), String(point.pairs), point.carried ? yes : no].join(
        separator,
      ),
    ),
  ];
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
