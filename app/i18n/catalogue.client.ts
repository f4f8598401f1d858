/// <reference path="./texts-modules.d.ts" />
import IMPORTS from "virtual:rarita-texts/imports";
import type * as ServerCatalogue from "#core/i18n/catalogue.ts";
import type { TextsPart } from "#core/i18n/catalogue.ts";
import type { Locale } from "#core/i18n/locales.ts";

/**
 * The browser's stand-in for core/i18n/catalogue.ts (vite.config.ts swaps it in for the client
 * build): instead of every text of both languages in every page's scripts, the visitor's language
 * is fetched in small modules before the page hydrates (ADR 0030): its base texts (validation,
 * errors), then each area (`ui/<area>.json`) that the code run so far names, and the back office's
 * texts only on its pages (ADR 0039). `translate` reads `messages` as on the server.
 */
export const messages: Record<Locale, Record<string, unknown>> = { cs: {}, en: {} };

declare global {
  /** The areas the client chunks that ran name (scripts/vite/texts-plugin.ts appends the calls). */
  var __raritaTexts: string[] | undefined;
}

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

function loadPiece(name: string): Promise<void> {
  let promise = loading.get(name);
  if (!promise) {
    const load = IMPORTS[name];
    promise = load
      ? load().then((module) => {
          Object.assign(messages[name.slice(0, 2) as Locale], module.default);
          loaded.add(name);
        })
      : Promise.resolve();
    loading.set(name, promise);
  }
  return promise;
}

/** The areas named so far, read again only when more code has run (every translation asks). */
let areas: string[] = [];
let areasFrom = -1;
const ready = new Set<string>();

/** The modules a page of this language and part needs now: base, the areas named so far, admin. */
function piecesOf(locale: Locale, part: TextsPart): string[] {
  const named = globalThis.__raritaTexts ?? [];
  if (named.length !== areasFrom) {
    areas = [...new Set(named)].sort();
    areasFrom = named.length;
    ready.clear();
  }
  const names = [`${locale}-base`, ...areas.map((area) => `${locale}-${area}`)];
  if (part === "admin") names.push(`${locale}-admin`);
  return names;
}

/** Whether more code ran since the areas were last read (then `ready` no longer holds). */
function areasChanged(): boolean {
  return (globalThis.__raritaTexts?.length ?? 0) !== areasFrom;
}

/** True once the texts a page of this language and part needs are here. */
export function textsReady(locale: Locale, part: TextsPart): boolean {
  const key = `${locale}-${part}`;
  // Asked by every component that translates: the common answer without building the list.
  if (!areasChanged() && ready.has(key)) return true;
  const names = piecesOf(locale, part);
  const done = names.every((name) => loaded.has(name) || !(name in IMPORTS));
  if (done) ready.add(key);
  return done;
}

const waits = new Map<string, Promise<void>>();

/**
 * Fetches the texts a page of this language and part needs (each module at most once). The same
 * promise for the same set, so a component that suspends on it (React's `use`) gets a stable one.
 */
export function loadTexts(locale: Locale, part: TextsPart): Promise<void> {
  const names = piecesOf(locale, part);
  const key = names.join(" ");
  let promise = waits.get(key);
  if (!promise) {
    promise = Promise.all(names.map(loadPiece)).then(() => undefined);
    waits.set(key, promise);
  }
  return promise;
}

// This module stands in for the server's catalogue, so it offers the same calls.
const sameCalls: Pick<typeof ServerCatalogue, "messages" | "textsReady" | "loadTexts"> = {
  messages,
  textsReady,
  loadTexts,
};
void sameCalls;
