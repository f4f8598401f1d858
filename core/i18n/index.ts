import type { uiNamespaces } from "./catalogue.ts";
import { messages } from "./catalogue.ts";
import type cs from "./cs.json";
import type en from "./en.json";

// The browser build swaps catalogue.ts for a catalogue that fetches its texts (ADR 0030).
export { loadTexts, messages, type TextsPart, textsReady } from "./catalogue.ts";

import { defaultLocale, type Locale, locales } from "./locales.ts";

export { defaultLocale, type Locale, locales };

/**
 * The dotted paths to every text of a catalogue tree: `validation.required`, `header.cart`, ...
 * Computed from the JSON files' types, so a key exists for the compiler exactly when it is there.
 */
type KeysOf<Tree> = {
  [Name in keyof Tree & string]: Tree[Name] extends string ? Name : `${Name}.${KeysOf<Tree[Name]>}`;
}[keyof Tree & string];

type Namespaces = typeof uiNamespaces;
type CatalogueOf<L extends Locale> = (L extends "cs" ? typeof cs : typeof en) & {
  [Name in keyof Namespaces]: Namespaces[Name][L];
};

/** Keys only one language has: `never` while both catalogues hold the same keys. */
type OnlyIn<A, B> = Exclude<KeysOf<A>, KeysOf<B>>;
type MissingKeys =
  | OnlyIn<CatalogueOf<"cs">, CatalogueOf<"en">>
  | OnlyIn<CatalogueOf<"en">, CatalogueOf<"cs">>;

/**
 * A key the compiler knows in both languages (ADR 0019). A typo, or a text added to one language
 * only, is a compile-time error at the call; `translate` and the components' `t` take only these.
 */
export type MessageKey = KeysOf<CatalogueOf<"cs">> & KeysOf<CatalogueOf<"en">>;

/** The rest of the keys under a prefix: `KeysUnder<"mail">` holds "footer", for `mail.footer`. */
export type KeysUnder<Prefix extends string> = RestOf<MessageKey, Prefix>;
type RestOf<Key, Prefix extends string> = Key extends `${Prefix}.${infer Rest}` ? Rest : never;

/**
 * Fails to compile, naming the keys, when a text exists in one language but not in the other,
 * whether or not the code uses it yet (the i18n test checks the same at run time).
 */
const bothLanguagesHoldTheSameKeys: [MissingKeys] extends [never] ? true : MissingKeys = true;
void bothLanguagesHoldTheSameKeys;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * The texts found so far per catalogue tree, by dotted key: a page asks for the same few hundred
 * keys on every render (issue 18). Only hits are kept: the browser's catalogue grows as its areas
 * load (ADR 0030), so a key missing now may be there later, and the map holds real keys only.
 */
const found = new WeakMap<object, Map<string, string>>();

function lookup(tree: unknown, key: string): string | undefined {
  if (tree === null || typeof tree !== "object") return undefined;
  let texts = found.get(tree);
  const known = texts?.get(key);
  if (known !== undefined) return known;
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "string") return undefined;
  if (!texts) {
    texts = new Map();
    found.set(tree, texts);
  }
  texts.set(key, node);
  return node;
}

/** Translates a dotted key; `{name}` placeholders are filled from params. Unknown keys fall back to Czech, then the key. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(messages[locale], key) ?? lookup(messages[defaultLocale], key) ?? key;
  if (!text.includes("{")) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * True when the string is a known message key: for keys that arrive as data (a schema's message, an
 * error code from the API, a key built from a value the compiler cannot narrow).
 */
export function isMessageKey(value: string): value is MessageKey {
  return lookup(messages[defaultLocale], value) !== undefined;
}
