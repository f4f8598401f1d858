import type { BrowserContext, Page } from "@playwright/test";
import { parseRouteId } from "#core/i18n/paths.ts";
import { type StyleRule, styleRules } from "../../scripts/critical-css/rules.ts";
import { ANSWERED, addSiteCookies } from "../browser-setup.ts";
import { firstScreenSelectors } from "./first-screen.ts";

/**
 * Where the critical stylesheet is taken from (ADR 0114): the public pages a visitor lands on
 * from outside (a search engine, a shared link, an e-mail), with the demo data's addresses, and
 * the pages a signed-in collector opens first. Every window a phone, a tablet and a desktop has.
 */
export const GUEST_PAGES = [
  "/",
  "/en",
  "/3/whisky",
  "/en/3/whisky",
  "/2/rum",
  "/64/doutniky",
  "/82/campbeltown/springbank-12-let-cask-strength-batch-22-56-2",
  "/88/ostrovy/highland-park-18-viking-pride-43",
  "/179/staly-sortiment/cohiba-behike-52-box-10-ks",
  "/148/portske-vino/graham-s-vintage-port-1977",
  "/hledani?q=whisy",
  "/mesicni-aukce",
  "/denni-aukce",
  "/produkty/novinky",
  "/lahve",
  "/lahve/29-lagavulin-16-let-43",
  "/vysledky",
  "/vysledky/cenovy-index",
  "/blog",
  "/blog/1/hampden-8-let-jamajska-esterova-bomba-pod-lupou",
  "/info/1/obchodni-podminky",
  "/kosik",
  "/ucet",
  "/registrace",
  "/tahle-stranka-neni",
];

/** A first visit: the cookie bar, the age question, the intro and the promo banner are on screen. */
export const NEW_VISITOR_PAGES = [
  "/",
  "/3/whisky",
  "/82/campbeltown/springbank-12-let-cask-strength-batch-22-56-2",
];

export const SIGNED_IN_PAGES = [
  "/",
  "/3/whisky",
  "/82/campbeltown/springbank-12-let-cask-strength-batch-22-56-2",
  "/ucet/prehled",
  "/ucet/nakupy",
  "/ucet/zpravy",
  "/ucet/vase-aukce/pridat",
];

export const WINDOWS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/** The demo buyer (server/db/seed/users-data.ts). */
export const SIGNED_IN_ACCOUNT = { email: "kupec@rarita.test", password: "demo-kupec" };

export type Visitor = "new" | "guest" | "signed-in";

/** Prepares a fresh context as `visitor`: no cookies, answered overlays, or signed in too. */
export async function becomeVisitor(context: BrowserContext, baseURL: string, visitor: Visitor) {
  if (visitor === "new") return;
  if (visitor === "guest") return addSiteCookies(context, baseURL);
  const login = await context.request.post(new URL("/api/auth/login", baseURL).href, {
    data: SIGNED_IN_ACCOUNT,
  });
  if (login.status() !== 200) throw new Error(`the demo buyer's login answered ${login.status()}`);
  const { token } = (await login.json()) as { token: string };
  await addSiteCookies(context, baseURL, { ...ANSWERED, "auth._token": token });
}

/**
 * How a browser first paints a page, before any of its modules has run: the page's own modules
 * wait for the whole sheet (ADR 0114), so what they render later is always styled by it. With
 * scripts, the inline ones run (consent defaults) and `<noscript>` is not drawn; without, it is
 * (the category page's filters stay open). The caller's context decides which (`javaScriptEnabled`).
 */
export async function openAsFirstPaint(page: Page, url: string) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(url, { waitUntil: "load" });
}

/** The browser contexts' options for both kinds of first paint, in `window`. */
export function firstPaintContexts(viewport: { width: number; height: number }) {
  return [true, false].map((javaScriptEnabled) => ({
    viewport,
    javaScriptEnabled,
    locale: "cs-CZ",
    serviceWorkers: "block" as const,
  }));
}

/**
 * The page's name as its critical part is filed (scripts/critical-css/list.ts): the name of the
 * route the page was drawn by (`home`, `category`), read from React Router's inline script, which
 * is there whether it ran or not.
 */
export async function pageName(page: Page): Promise<string> {
  const modules = await page.evaluate(() =>
    [...document.scripts]
      .map((script) => script.text.match(/__reactRouterRouteModules = (\{[^}]*\})/)?.[1])
      .find(Boolean),
  );
  const ids = [...(modules ?? "").matchAll(/"([^"]+)":/g)].map((match) => match[1] as string);
  const leaf = ids.at(-1) ?? "";
  return parseRouteId(leaf)?.name ?? leaf;
}

/** The whole sheet the page links (the file at the end of its body), parsed into its rules. */
export async function linkedRules(page: Page): Promise<StyleRule[]> {
  const href = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  if (!href) throw new Error(`${page.url()} links no stylesheet`);
  const response = await page.request.get(new URL(href, page.url()).href);
  return styleRules(await response.text());
}

/**
 * The keys of the rules the first screen of the open page uses (its whole sheet loaded). Printed
 * rules are never critical; a rule under another condition (a window width, reduced motion) is
 * matched by its selector alone, so the list holds for every window and setting.
 */
export async function firstScreenKeys(page: Page, rules: StyleRule[]): Promise<string[]> {
  const candidates = rules.filter(
    (rule) => !rule.conditions.some((condition) => /\bprint\b/.test(condition)),
  );
  const selectors = [...new Set(candidates.map((rule) => rule.selector))];
  const used = new Set(await page.evaluate(firstScreenSelectors, selectors));
  return candidates.filter((rule) => used.has(rule.selector)).map((rule) => rule.key);
}
