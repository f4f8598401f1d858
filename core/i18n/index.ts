import cs from "./cs.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import account from "./ui/account.json" with { type: "json" };
import accountData from "./ui/account-data.json" with { type: "json" };
import admin from "./ui/admin.json" with { type: "json" };
import adminCatalog from "./ui/admin-catalog.json" with { type: "json" };
import adminContent from "./ui/admin-content.json" with { type: "json" };
import adminDashboard from "./ui/admin-dashboard.json" with { type: "json" };
import adminModeration from "./ui/admin-moderation.json" with { type: "json" };
import adminOrders from "./ui/admin-orders.json" with { type: "json" };
import adminSettings from "./ui/admin-settings.json" with { type: "json" };
import adminStaff from "./ui/admin-staff.json" with { type: "json" };
import adminUsers from "./ui/admin-users.json" with { type: "json" };
import bidding from "./ui/bidding.json" with { type: "json" };
import blog from "./ui/blog.json" with { type: "json" };
import catalog from "./ui/catalog.json" with { type: "json" };
import checkout from "./ui/checkout.json" with { type: "json" };
import common from "./ui/common.json" with { type: "json" };
import consent from "./ui/consent.json" with { type: "json" };
import footer from "./ui/footer.json" with { type: "json" };
import header from "./ui/header.json" with { type: "json" };
import listings from "./ui/listings.json" with { type: "json" };
import messagesUi from "./ui/messages.json" with { type: "json" };
import moderation from "./ui/moderation.json" with { type: "json" };
import orders from "./ui/orders.json" with { type: "json" };
import pages from "./ui/pages.json" with { type: "json" };
import payments from "./ui/payments.json" with { type: "json" };
import product from "./ui/product.json" with { type: "json" };
import registration from "./ui/registration.json" with { type: "json" };
import reviews from "./ui/reviews.json" with { type: "json" };
import security from "./ui/security.json" with { type: "json" };
import shop from "./ui/shop.json" with { type: "json" };
import watchdog from "./ui/watchdog.json" with { type: "json" };

/** Czech is the source language; English mirrors its keys (a test checks that none is missing). */
export const locales = ["cs", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "cs";

/**
 * UI texts live in one file per area (`ui/<area>.json`, holding both languages side by side) so
 * that screens can be worked on in parallel; they are reached as `<area>.<key>`. Server and
 * validation texts stay in cs.json / en.json.
 */
export const uiNamespaces = {
  admin,
  adminModeration,
  adminCatalog,
  adminSettings,
  adminContent,
  adminUsers,
  adminOrders,
  adminStaff,
  adminDashboard,
  moderation,
  account,
  accountData,
  bidding,
  blog,
  catalog,
  checkout,
  common,
  consent,
  footer,
  header,
  listings,
  messages: messagesUi,
  orders,
  pages,
  payments,
  product,
  registration,
  reviews,
  security,
  shop,
  watchdog,
} as const;

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

function withNamespaces(locale: Locale, base: object) {
  const tree: Record<string, unknown> = { ...base };
  for (const [name, texts] of Object.entries(uiNamespaces))
    tree[name] = (texts as Record<Locale, unknown>)[locale];
  return tree;
}

export const messages: Record<Locale, unknown> = {
  cs: withNamespaces("cs", cs),
  en: withNamespaces("en", en),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Translates a dotted key; `{name}` placeholders are filled from params. Unknown keys fall back to Czech, then the key. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(messages[locale], key) ?? lookup(messages[defaultLocale], key) ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * True when the string is a known message key: for keys that arrive as data (a schema's message, an
 * error code from the API, a key built from a value the compiler cannot narrow).
 */
export function isMessageKey(value: string): value is MessageKey {
  return lookup(messages[defaultLocale], value) !== undefined;
}
