import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision records say whether they are still in force, and docs/decisions/README.md lists every
 * one of them with that status, so a newcomer reads the current set rather than the history
 * (docs/decisions/README.md, "Statuses").
 */

const DIR = path.resolve(import.meta.dirname, "../../docs/decisions");

/**
 * Records other branches of issue 34 are still writing. The README lists them already, without a
 * link, and a record may be superseded by one of them before it lands. This list empties as they
 * land: a number here that has a file fails the test, and so does its file until the README links
 * it.
 */
const RESERVED: string[] = [];

const STATUS = /\bStatus: \**(accepted|rejected|superseded by (\d{4}))\**(?= |$)/;
/** A link between records in a status line: "Amends ADRs 0045, 0050 and 0054", "Supersedes 0042". */
const LINKS =
  /\b(?:Amends|Amended by|Supersedes|Extends|superseded by)(?: ADRs?)?((?:,? (?:and )?\d{4}\b)+)/g;

interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The lines between the title and the first blank line after the date line. */
  header: string;
  status: string | null;
}

function readRecord(file: string): DecisionRecord {
  const lines = fs.readFileSync(path.join(DIR, file), "utf8").split("\n");
  const dateLine = lines.findIndex((line) => line.startsWith("Date:"));
  const firstSection = lines.findIndex((line) => line.startsWith("## "));
  const inHeader = dateLine > 0 && (firstSection === -1 || dateLine < firstSection);
  const end = inHeader ? lines.indexOf("", dateLine) : -1;
  const header = inHeader ? lines.slice(dateLine, end === -1 ? undefined : end).join(" ") : "";
  return {
    number: file.slice(0, 4),
    file,
    title: lines[0] ?? "",
    header,
    status: STATUS.exec(header)?.[1] ?? null,
  };
}

const records = fs
  .readdirSync(DIR)
  .filter((file) => /^\d{4}-.+\.md$/.test(file))
  .sort()
  .map(readRecord);
const numbers = new Set(records.map((record) => record.number));

interface ReadmeEntry {
  number: string;
  file: string | null;
  status: string | null;
  text: string;
}

/** The README's list items naming a record: `- [NNNN title](file) — …; status` or `- NNNN title — …; status`. */
function readmeEntries(): ReadmeEntry[] {
  const items: string[] = [];
  for (const line of fs.readFileSync(path.join(DIR, "README.md"), "utf8").split("\n")) {
    if (line.startsWith("- ")) items.push(line);
    else if (line.startsWith("  ") && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
  }
  return items.flatMap((text) => {
    const linked = /^- \[(\d{4})\b[^\]]*\]\(([^)]+)\)/.exec(text);
    const plain = /^- (\d{4}) /.exec(text);
    const number = linked?.[1] ?? plain?.[1];
    if (!number) return [];
    const status = /; (accepted|rejected|superseded by \d{4})(?: \([^)]*\))?$/.exec(text)?.[1] ?? null;
    return [{ number, file: linked?.[2] ?? null, status, text }];
  });
}

const entries = readmeEntries();

describe("decision records", () => {
  it("are numbered uniquely, each titled with its number", () => {
    expect(records.length).toBeGreaterThan(0);
    expect(
      records.filter((record) => !record.title.startsWith(`# ${record.number}`)).map((r) => r.file),
    ).toEqual([]);
    expect(records.length).toBe(numbers.size);
  });

  it("each have a status line under the title: accepted, superseded by NNNN or rejected", () => {
    expect(records.filter((record) => record.status === null).map((record) => record.file)).toEqual([]);
  });

  it("point only to records that exist (or are reserved for a record on its way)", () => {
    const broken = records.flatMap((record) =>
      [...record.header.matchAll(LINKS)]
        .flatMap((match) => match[1]?.match(/\d{4}/g) ?? [])
        .filter((target) => !numbers.has(target) && !RESERVED.includes(target))
        .map((target) => `${record.file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("are not superseded by themselves or by an earlier record", () => {
    const backwards = records.filter((record) => {
      const by = record.status?.match(/superseded by (\d{4})/)?.[1];
      return by !== undefined && by <= record.number;
    });
    expect(backwards.map((record) => record.file)).toEqual([]);
  });

  it("reserved numbers have no record yet (when one lands, drop it from RESERVED and link it in the README)", () => {
    expect(RESERVED.filter((number) => numbers.has(number))).toEqual([]);
  });
});

describe("docs/decisions/README.md", () => {
  it("links every record once", () => {
    const linked = entries.flatMap((entry) => (entry.file ? [entry.file] : []));
    expect(records.filter((record) => !linked.includes(record.file)).map((record) => record.file)).toEqual(
      [],
    );
    expect(linked.filter((file, index) => linked.indexOf(file) !== index)).toEqual([]);
  });

  it("links only records that exist, and names without a link only reserved numbers", () => {
    const files = new Set(records.map((record) => record.file));
    const broken = entries.filter((entry) =>
      entry.file === null
        ? !RESERVED.includes(entry.number)
        : !files.has(entry.file) || !entry.file.startsWith(entry.number),
    );
    expect(broken.map((entry) => entry.text)).toEqual([]);
  });

  it("gives each record the status the record itself has", () => {
    const byFile = new Map(records.map((record) => [record.file, record]));
    const differing = entries.filter((entry) => {
      if (entry.status === null) return true;
      const record = entry.file ? byFile.get(entry.file) : undefined;
      if (!record) return false;
      // A record superseded by one still on its way says so only when its successor lands.
      const pending =
        record.status === "accepted" && RESERVED.includes(entry.status.replace("superseded by ", ""));
      return record.status !== entry.status && !pending;
    });
    expect(differing.map((entry) => entry.text)).toEqual([]);
  });
});
