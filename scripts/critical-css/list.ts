/**
 * app/critical-css.json (ADR 0114): the keys of the rules some first screen uses, in the sheet's
 * order, and for each page (a route's name in core/i18n/paths.ts, `home`, `category`) the ones
 * its own first screens use, as ranges of places in that list ("0-41 43 47-52"): a page carries
 * only its own, a page not measured all of them.
 */
export type CriticalList = { rules: string[]; pages: Record<string, string> };

/** The rules of a page not measured: all of them. */
export const ANY_PAGE = "*";

export function listOf(
  rulesInOrder: readonly string[],
  pages: ReadonlyMap<string, ReadonlySet<string>>,
): CriticalList {
  const used = new Set([...pages.values()].flatMap((keys) => [...keys]));
  const rules = [...new Set(rulesInOrder)].filter((key) => used.has(key));
  const place = new Map(rules.map((key, index) => [key, index]));
  const entries = [...pages.entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    rules,
    pages: Object.fromEntries(
      entries.map(([page, keys]) => [
        page,
        ranges([...keys].map((key) => place.get(key) as number).sort((a, b) => a - b)),
      ]),
    ),
  };
}

/** The keys a page's critical part holds: its own, or every listed one for a page not measured. */
export function keysOf(list: CriticalList, page: string): Set<string> {
  const own = list.pages[page];
  if (own === undefined) return new Set(list.rules);
  return new Set(places(own).map((index) => list.rules[index] as string));
}

function ranges(sorted: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(" ");
}

function places(text: string): number[] {
  return text
    .split(" ")
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to = from] = part.split("-").map(Number) as [number, number?];
      return Array.from({ length: (to as number) - from + 1 }, (_, k) => from + k);
    });
}
