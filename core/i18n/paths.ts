import { ADMIN_PATHS, MODERATION_PUBLIC_PATHS } from "./admin-paths.ts";
import type { Locale } from "./index.ts";

/**
 * Every screen's path in both languages (docs/product/screens.md, "Routes"; English under /en).
 * Route ids carry the locale suffix (`search___cs`, `search___en`).
 * Params use React Router syntax; `?` marks an optional segment.
 */
export const PAGE_PATHS = {
  home: { cs: "/", en: "/en" },
  search: { cs: "/hledani", en: "/en/search" },
  dailyAuctions: { cs: "/denni-aukce", en: "/en/daily-auctions" },
  monthlyAuctions: { cs: "/mesicni-aukce", en: "/en/monthly-auctions" },
  documents: { cs: "/dokumenty", en: "/en/documents" },
  newProducts: { cs: "/produkty/novinky", en: "/en/products/new" },
  saleProducts: { cs: "/produkty/akce", en: "/en/products/sale" },
  cart: { cs: "/kosik", en: "/en/cart" },
  cartDelivery: { cs: "/kosik/doprava-a-platba", en: "/en/cart/delivery-and-payment" },
  cartDetails: { cs: "/kosik/udaje", en: "/en/cart/details" },
  cartReview: { cs: "/kosik/rekapitulace", en: "/en/cart/review" },
  orderSummary: { cs: "/shrnuti/:id/:hash", en: "/en/summary/:id/:hash" },
  /** A shop order's tax document for whoever holds its id and hash (a guest has no account); an added route. */
  orderInvoiceDocument: { cs: "/shrnuti/:id/:hash/doklad", en: "/en/summary/:id/:hash/document" },
  maintenance: { cs: "/mimo-provoz", en: "/en/maintenance" },
  register: { cs: "/registrace", en: "/en/register" },
  registerWelcome: { cs: "/registrace/dekujeme", en: "/en/register/welcome" },
  resetPassword: { cs: "/obnova-hesla", en: "/en/reset-password" },
  changePassword: { cs: "/zmena-hesla/:hash", en: "/en/change-password/:hash" },
  confirmEmail: { cs: "/potvrzeni-emailu/:token", en: "/en/confirm-email/:token" },
  newsletterConfirm: { cs: "/newsletter/potvrzeni/:token", en: "/en/newsletter/confirm/:token" },
  newsletterUnsubscribe: { cs: "/newsletter/odhlaseni/:token", en: "/en/newsletter/unsubscribe/:token" },
  blog: { cs: "/blog", en: "/en/blog" },
  blogArticle: { cs: "/blog/:id/:slug", en: "/en/blog/:id/:slug" },
  info: { cs: "/info/:id/:slug", en: "/en/info/:id/:slug" },
  userProfile: { cs: "/uzivatel/:id?", en: "/en/user/:id?" },
  account: { cs: "/ucet", en: "/en/account" },
  accountOverview: { cs: "/ucet/prehled", en: "/en/account/overview" },
  accountAdvertisements: { cs: "/ucet/vase-aukce", en: "/en/account/advertisements" },
  accountAuctions: { cs: "/ucet/aukce", en: "/en/account/auctions" },
  accountPurchases: { cs: "/ucet/nakupy", en: "/en/account/purchases" },
  accountSales: { cs: "/ucet/prodeje", en: "/en/account/sales" },
  accountDeal: { cs: "/ucet/obchody/:dealId", en: "/en/account/deals/:dealId" },
  /** "Koupit": the buy step of a fixed-price classified paid through the site (issue 35); an added route. */
  accountBuy: { cs: "/ucet/koupit/:productId", en: "/en/account/buy/:productId" },
  // The operator's review of a suspended buyer's bidding, with the appeal against a kept one.
  accountStrikeReview: {
    cs: "/ucet/obchody/posouzeni/:reviewId",
    en: "/en/account/deals/reviews/:reviewId",
  },
  accountDealDocument: {
    cs: "/ucet/obchody/:dealId/doklad/:number",
    en: "/en/account/deals/:dealId/document/:number",
  },
  accountAdvertisementAdd: { cs: "/ucet/vase-aukce/pridat", en: "/en/account/advertisements/add" },
  accountAdvertisementConfirmation: {
    cs: "/ucet/vase-aukce/potvrzeni",
    en: "/en/account/advertisements/confirmation",
  },
  accountAdvertisementTop: { cs: "/ucet/vase-aukce/:id/topovat", en: "/en/account/advertisements/:id/top" },
  accountAdvertisementEdit: { cs: "/ucet/vase-aukce/:id/upravit", en: "/en/account/advertisements/:id/edit" },
  accountMessages: { cs: "/ucet/zpravy", en: "/en/account/messages" },
  /** "Write to the seller" about a product (issue 6); an added route (docs/product/screens.md, "Routes"). */
  accountContactSeller: { cs: "/ucet/zpravy/napsat/:productId", en: "/en/account/messages/write/:productId" },
  /** "Write to the seller" from a profile: the message asks which of their listings it is about (issue 14). */
  accountContactUser: {
    cs: "/ucet/zpravy/napsat-prodavajicimu/:userId",
    en: "/en/account/messages/write-to-seller/:userId",
  },
  /** One conversation or the system thread of the inbox (issue 7). */
  accountMessageThread: { cs: "/ucet/zpravy/:threadId", en: "/en/account/messages/:threadId" },
  accountPayment: { cs: "/ucet/platba", en: "/en/account/payment" },
  accountVoucherStats: { cs: "/ucet/muj-poukaz", en: "/en/account/my-voucher" },
  accountVerified: { cs: "/ucet/overeny-ucet", en: "/en/account/verified-account" },
  accountInvoice: { cs: "/ucet/fakturacni-a-kontaktni-udaje", en: "/en/account/invoice-and-contact-details" },
  accountNewsletters: { cs: "/ucet/newslettery", en: "/en/account/newsletters" },
  /** Which notices also go out by e-mail (issue 7: on the newsletter page's sub-page). */
  accountNotifications: { cs: "/ucet/newslettery/upozorneni", en: "/en/account/newsletters/notifications" },
  /** Ratings after a deal: to give, received with replies (issue 7). */
  accountReviews: { cs: "/ucet/hodnoceni", en: "/en/account/reviews" },
  accountReviewForm: { cs: "/ucet/hodnoceni/:productId", en: "/en/account/reviews/:productId" },
  /** Stock watchdogs (issue 7; docs/product/messages-and-reviews.md, "Watchdogs (hlídací pes)"). */
  accountWatchdogs: { cs: "/ucet/hlidaci-pes", en: "/en/account/watchdogs" },
  /** The seller's declaration: private person or trader with the DSA Art 30 data (issue 36, item 2). */
  accountSellerDeclaration: { cs: "/ucet/prodavajici", en: "/en/account/seller" },
  /** The one-click unsubscribe of a notice mail's kind, without login (issue 7). */
  notificationsUnsubscribe: {
    cs: "/upozorneni/odhlaseni/:token",
    en: "/en/notifications/unsubscribe/:token",
  },
  /** Logged-in devices (issue 5: sessions listed and revocable); an added route. */
  accountSessions: { cs: "/ucet/prihlasena-zarizeni", en: "/en/account/devices" },
  accountSummary: { cs: "/ucet/shrnuti/:orderId/:hash", en: "/en/account/summary/:orderId/:hash" },
  /** A tax document of a paid fee or promotion, printable; an added route. */
  accountInvoiceDocument: { cs: "/ucet/platba/doklad/:number", en: "/en/account/payment/document/:number" },
  accountRegister: { cs: "/ucet/registrace", en: "/en/account/register" },
  accountWatch: { cs: "/ucet/sledovane-aukce", en: "/en/account/watch" },
  loginCallback: { cs: "/login", en: "/en/login" },
  logout: { cs: "/ucet/odhlaseni", en: "/en/account/logout" },
  /** The age gate's answer without scripts (a form POST that sets the cookie); an added route. */
  ageConfirmation: { cs: "/potvrzeni-veku", en: "/en/age-confirmation" },
  /** The age check (issue 36): the way to prove being 18+ once (guests: for one order); an added route. */
  ageCheck: { cs: "/overeni-veku", en: "/en/age-check" },
  /** Where the age proof's provider answers (by `state`); the Czech one is the registered callback. */
  ageCheckReturn: { cs: "/overeni-veku/navrat", en: "/en/age-check/return" },
  /** The test card gateway's payment page (outside production only); an added route. */
  testGateway: { cs: "/testovaci-platebni-brana/:id", en: "/en/test-payment-gateway/:id" },
  /** The archive of results (issue 37, item 4; docs/product/results.md); an added route. */
  results: { cs: "/vysledky", en: "/en/results" },
  /** The Rarita price index (issue 37, item 5; docs/product/price-index.md) and its CSV; added routes. */
  priceIndex: { cs: "/vysledky/cenovy-index", en: "/en/results/price-index" },
  priceIndexCsv: { cs: "/vysledky/cenovy-index.csv", en: "/en/results/price-index.csv" },
  /** Bottlings (issue 37, item 3): the list with its search, and one bottling's page (`<id>-<slug>`). */
  bottlings: { cs: "/lahve", en: "/en/bottlings" },
  bottling: { cs: "/lahve/:ref", en: "/en/bottlings/:ref" },
  ...ADMIN_PATHS,
  ...MODERATION_PUBLIC_PATHS,
  category: { cs: "/:id/:slug", en: "/en/:id/:slug" },
  product: { cs: "/:id/:category/:product", en: "/en/:id/:category/:product" },
} as const satisfies Record<string, Record<Locale, string>>;

export type PageName = keyof typeof PAGE_PATHS;
export type PathParams = Record<string, string | number | undefined>;

export const routeId = (name: PageName, locale: Locale) => `${name}___${locale}`;

/** Splits a route id like `search___en` back into its page name and locale. */
export function parseRouteId(id: string): { name: PageName; locale: Locale } | null {
  const match = id.match(/^(\w+)___(cs|en)$/);
  if (!match || !(match[1] in PAGE_PATHS)) return null;
  return { name: match[1] as PageName, locale: match[2] as Locale };
}

/** A page path's segments: text as it is, or a parameter (`:id`, optional `:page?`). */
type PathSegment = string | { param: string; optional: boolean };

/** Each page path's segments, split once per process (a listing fills one path per card; issue 18). */
const compiledPaths = new Map<string, PathSegment[]>();

function segmentsOf(pattern: string): PathSegment[] {
  let segments = compiledPaths.get(pattern);
  if (!segments) {
    segments = pattern.split("/").map((segment) => {
      const param = segment.match(/^:(\w+)(\?)?$/);
      return param ? { param: param[1], optional: Boolean(param[2]) } : segment;
    });
    compiledPaths.set(pattern, segments);
  }
  return segments;
}

/** The path of a page in a language, with its params filled in (optional ones dropped when absent). */
export function localePath(name: PageName, locale: Locale, params: PathParams = {}): string {
  const filled: string[] = [];
  for (const segment of segmentsOf(PAGE_PATHS[name][locale])) {
    if (typeof segment === "string") {
      filled.push(segment);
      continue;
    }
    const value = params[segment.param];
    if (value === undefined || value === "") {
      if (segment.optional) continue;
      throw new Error(`localePath(${name}): missing param ${segment.param}`);
    }
    filled.push(encodeURIComponent(String(value)));
  }
  return filled.join("/") || "/";
}

/** The language a path belongs to. */
export function pathLocale(pathname: string): Locale {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "cs";
}
