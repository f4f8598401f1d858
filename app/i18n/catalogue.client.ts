/// <reference path="./texts-modules.d.ts" />
import type * as ServerCatalogue from "#core/i18n/catalogue.ts";
import type { TextsPart } from "#core/i18n/catalogue.ts";
import type { Locale } from "#core/i18n/locales.ts";

/**
 * The browser's stand-in for core/i18n/catalogue.ts (vite.config.ts swaps it in for the client
 * build): instead of every text of both languages in every page's scripts, the visitor's language
 * is fetched as its own small module before the page hydrates, and the back office's texts only on
 * its pages (ADR 0030). `translate` reads `messages` as on the server.
 */
export const messages: Record<Locale, Record<string, unknown>> = { cs: {}, en: {} };

// One import per language and part, each a chunk of its own (scripts/vite/texts-plugin.ts).
const IMPORTS: Record<`${Locale}-${TextsPart}`, () => Promise<{ default: Record<string, unknown> }>> = {
  "cs-site": () => import("virtual:rarita-texts/cs-site"),
  "en-site": () => import("virtual:rarita-texts/en-site"),
  "cs-admin": () => import("virtual:rarita-texts/cs-admin"),
  "en-admin": () => import("virtual:rarita-texts/en-admin"),
};

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

function loadPart(locale: Locale, part: TextsPart): Promise<void> {
  const name = `${locale}-${part}` as const;
  let promise = loading.get(name);
  if (!promise) {
    promise = IMPORTS[name]().then((module) => {
      Object.assign(messages[locale], module.default);
      loaded.add(name);
    });
    loading.set(name, promise);
  }
  return promise;
}

/** True once the texts a page of this language and part needs are here. */
export function textsReady(locale: Locale, part: TextsPart): boolean {
  return loaded.has(`${locale}-site`) && (part === "site" || loaded.has(`${locale}-admin`));
}

/** Fetches the texts a page of this language and part needs (at most once each). */
export function loadTexts(locale: Locale, part: TextsPart): Promise<void> {
  const site = loadPart(locale, "site");
  return part === "site" ? site : Promise.all([site, loadPart(locale, "admin")]).then(() => undefined);
}

// This module stands in for the server's catalogue, so it offers the same calls.
const sameCalls: Pick<typeof ServerCatalogue, "messages" | "textsReady" | "loadTexts"> = {
  messages,
  textsReady,
  loadTexts,
};
void sameCalls;
