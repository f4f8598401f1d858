import type { Locale, MessageKey } from "./index.ts";

/** The plural forms the catalogues hold for a counted text; English uses `one` and `other`. */
type PluralForm = "one" | "few" | "other";

/** A key whose `.one`, `.few` and `.other` texts exist in both languages: `product.auction.bids`. */
export type PluralBase = BaseOf<MessageKey>;
type BaseOf<Key> = Key extends `${infer Base}.other`
  ? `${Base}.${PluralForm}` extends MessageKey
    ? Base
    : never
  : never;

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The message key for a count: `{ one, few, other }` (Czech's "many", for fractions, reads as
 * "other"). The rules are built once per language: building them costs more than using them.
 */
export function pluralKey<Base extends PluralBase>(
  locale: Locale,
  base: Base,
  count: number,
): `${Base}.${PluralForm}` {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const rule = rules.select(count);
  return `${base}.${rule === "one" || rule === "few" ? rule : "other"}`;
}
