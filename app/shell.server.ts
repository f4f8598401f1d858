import { createIsbotFromList, list } from "isbot";
import type { RouterContextProvider } from "react-router";
import { isStaffRole } from "#core/rules/staff.ts";
import { parseCookieHeader } from "#core/web/cookie-header.ts";
import { PAGE_VARIANT_COOKIES } from "#core/web/page-cookies.ts";
import { appContext } from "./context.ts";
import { shopperOf } from "./features/shop/shopper.server.ts";
import { keptPerUserAgent } from "./lib/kept-per-user-agent.ts";
import type { Banner, MenuLink, ShellData } from "./shell.ts";

/**
 * The client cookies the frame reads on the server: those that change the page (consent, popups,
 * currency, age; core/web/page-cookies.ts, which the anonymous page cache keys on) and the guest
 * wishlist's id.
 */
const SHELL_COOKIES = [...PAGE_VARIANT_COOKIES, "guest-wishlist"];

/**
 * Crawlers, which the age gate leaves out (see useAgeGateOpen). isbot's list without its
 * "headless" pattern: a headless browser is automation (browser tests, previews), not a search
 * engine, and gets the page a visitor gets; Googlebot and friends name themselves.
 */
const isCrawler = keptPerUserAgent(createIsbotFromList(list.filter((pattern) => pattern !== "headless")));

/**
 * The header's cart: the user's, or a guest's when the `cart` cookie names one (no cookie, no
 * question). The frame never fails over it: a shop that cannot answer shows no count.
 */
async function cartBadge(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, logger } = context.get(appContext);
  const who = shopperOf(request, context);
  if (who.userId === null && who.cartToken === null) return null;
  try {
    return await services.shop.badge(who);
  } catch (error) {
    logger.warn({ err: error }, "shop: the header's cart could not be read");
    return null;
  }
}

export async function loadShell(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ShellData> {
  const { services, locale, user, config, logger } = context.get(appContext);
  const allCookies = parseCookieHeader(request.headers.get("cookie"));
  const cookies = Object.fromEntries(
    SHELL_COOKIES.filter((name) => name in allCookies).map((name) => [name, allCookies[name]]),
  );

  const [settings, categories, currencies, maintenance, cart] = await Promise.all([
    services.settings.list(locale),
    services.catalog.categoryTree(locale),
    services.lists.currencies(),
    services.settings.isMaintenance(),
    cartBadge(request, context),
  ]);
  // Banners are not loaded during maintenance (docs/product/screens.md, "Router rules").
  const banners: Record<string, Banner[]> = maintenance ? {} : await services.cms.posters(locale);
  const setting = (name: string) => settings.find((entry) => entry.name === name)?.value;

  let shellUser: ShellData["user"] = null;
  if (user) {
    const [messages, advertisements, voucher] = await Promise.all([
      services.messages.counter(user.id),
      services.catalog.advertisementStatistics(user.id),
      // An influencer's menu links their voucher's statistics (one indexed look-up for anyone
      // else); the frame never fails over it.
      services.shop.influencerStats(user.id).catch((error: unknown) => {
        logger.warn({ err: error }, "shop: the user's voucher could not be read");
        return null;
      }),
    ]);
    shellUser = {
      id: user.id,
      username: user.username,
      email: user.email,
      avatarFileName: user.avatarFileName,
      groupDiscount: user.group?.discount ?? 0,
      groupName: user.group?.name ?? null,
      isStaff: isStaffRole(user.role),
      hasVoucher: voucher !== null,
      messages,
      advertisements,
    };
  }

  const cookieCurrency = Number(cookies.currencyId);
  const currencyId =
    currencies.find((currency) => currency.id === cookieCurrency)?.id ??
    currencies.find((currency) => currency.is_default)?.id ??
    currencies[0]?.id ??
    null;

  return {
    locale,
    user: shellUser,
    cart,
    topMenu: Array.isArray(setting("topmenu")) ? (setting("topmenu") as MenuLink[]) : [],
    bottomMenu: Array.isArray(setting("bottommenu"))
      ? (setting("bottommenu") as ShellData["bottomMenu"])
      : [],
    contacts: (setting("contacts") as Record<string, unknown>) ?? {},
    introPopup: (setting("intropopup") as Record<string, unknown>) ?? null,
    categories,
    currencies,
    currencyId,
    cookies,
    isBot: isCrawler(request.headers.get("user-agent") ?? ""),
    // Set by scripts/e2e-server.ts only (like the /__diagnostics routes); never in production.
    testHooks: process.env.E2E_DIAGNOSTICS === "1",
    banners,
    tagManagerId: config.tagManagerId ?? null,
    recaptchaSiteKey: config.recaptchaSiteKey ?? null,
  };
}
