import { describe, expect, it } from "vitest";
import { parseResultsQuery } from "#core/schemas/results.ts";
import { archiveSearch } from "./archive-links.ts";
import { formatLevel, indexCsv } from "./index-format.ts";

const LEVELS = [
  { month: "2026-01", level: 10000, pairs: 0, carried: false },
  { month: "2026-02", level: 11050, pairs: 3, carried: false },
  { month: "2026-03", level: 11050, pairs: 1, carried: true },
];

describe("the price index's figures and CSV", () => {
  it("writes a level with the language's decimal mark", () => {
    expect(formatLevel(13787, "cs")).toBe("137,87");
    expect(formatLevel(13787, "en")).toBe("137.87");
  });

  it("writes Czech CSV with semicolons and a decimal comma, English with commas and a point", () => {
    expect(indexCsv(LEVELS, "cs")).toBe(
      "\ufeffmesic;index;opakovane_prodeje;prevzato\r\n2026-01;100,00;0;ne\r\n2026-02;110,50;3;ne\r\n2026-03;110,50;1;ano\r\n",
    );
    expect(indexCsv(LEVELS, "en")).toBe(
      "\ufeffmonth,index,repeat_sales,carried\r\n2026-01,100.00,0,no\r\n2026-02,110.50,3,no\r\n2026-03,110.50,1,yes\r\n",
    );
  });
});

describe("the archive's URLs", () => {
  it("keeps what was asked, leaves the defaults out, and drops what is wrong", () => {
    const query = parseResultsQuery(
      new URLSearchParams("q=caroni&kind=auction&sort=newest&fill=bad&after=812&page=2"),
    );
    expect(query).toMatchObject({ after: 812, page: 2 });
    // The filters' own URL (the form's, the first page's) leaves the page's place out.
    expect(archiveSearch(query)).toBe("?q=caroni&kind=auction");
    expect(archiveSearch(query, { after: 790, page: 3 })).toBe("?q=caroni&kind=auction&after=790&page=3");
    expect(archiveSearch(parseResultsQuery(new URLSearchParams("")))).toBe("");
  });
});
