/**
 * Every text of both languages, as the server (pages, mails, API errors) and the tests read them.
 * The browser never loads this module: the client build puts app/i18n/catalogue.client.ts in its
 * place (vite.config.ts), which fetches one language's texts, and the back office's only on its
 * pages (ADR 0030).
 */

import cs from "./cs.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import type { Locale } from "./locales.ts";
import account from "./ui/account.json" with { type: "json" };
import accountData from "./ui/account-data.json" with { type: "json" };
import admin from "./ui/admin.json" with { type: "json" };
import adminBottlings from "./ui/admin-bottlings.json" with { type: "json" };
import adminCatalog from "./ui/admin-catalog.json" with { type: "json" };
import adminContent from "./ui/admin-content.json" with { type: "json" };
import adminDashboard from "./ui/admin-dashboard.json" with { type: "json" };
import adminDealSupport from "./ui/admin-deal-support.json" with { type: "json" };
import adminDeals from "./ui/admin-deals.json" with { type: "json" };
import adminModeration from "./ui/admin-moderation.json" with { type: "json" };
import adminOrders from "./ui/admin-orders.json" with { type: "json" };
import adminSettings from "./ui/admin-settings.json" with { type: "json" };
import adminShillSignals from "./ui/admin-shill-signals.json" with { type: "json" };
import adminStaff from "./ui/admin-staff.json" with { type: "json" };
import adminTraders from "./ui/admin-traders.json" with { type: "json" };
import adminUsers from "./ui/admin-users.json" with { type: "json" };
import ageCheck from "./ui/age-check.json" with { type: "json" };
import bidding from "./ui/bidding.json" with { type: "json" };
import blog from "./ui/blog.json" with { type: "json" };
import bottlings from "./ui/bottlings.json" with { type: "json" };
import catalog from "./ui/catalog.json" with { type: "json" };
import checkout from "./ui/checkout.json" with { type: "json" };
import common from "./ui/common.json" with { type: "json" };
import consent from "./ui/consent.json" with { type: "json" };
import dealAppeals from "./ui/deal-appeals.json" with { type: "json" };
import dealBuy from "./ui/deal-buy.json" with { type: "json" };
import dealDocuments from "./ui/deal-documents.json" with { type: "json" };
import dealPages from "./ui/deal-pages.json" with { type: "json" };
import feeds from "./ui/feeds.json" with { type: "json" };
import footer from "./ui/footer.json" with { type: "json" };
import header from "./ui/header.json" with { type: "json" };
import listingAttributes from "./ui/listing-attributes.json" with { type: "json" };
import listingEvidence from "./ui/listing-evidence.json" with { type: "json" };
import listings from "./ui/listings.json" with { type: "json" };
import messagesUi from "./ui/messages.json" with { type: "json" };
import moderation from "./ui/moderation.json" with { type: "json" };
import orders from "./ui/orders.json" with { type: "json" };
import pages from "./ui/pages.json" with { type: "json" };
import paymentRequests from "./ui/payment-requests.json" with { type: "json" };
import payments from "./ui/payments.json" with { type: "json" };
import product from "./ui/product.json" with { type: "json" };
import push from "./ui/push.json" with { type: "json" };
import registration from "./ui/registration.json" with { type: "json" };
import results from "./ui/results.json" with { type: "json" };
import reviews from "./ui/reviews.json" with { type: "json" };
import security from "./ui/security.json" with { type: "json" };
import shop from "./ui/shop.json" with { type: "json" };
import traders from "./ui/traders.json" with { type: "json" };
import trustBadges from "./ui/trust-badges.json" with { type: "json" };
import watchdog from "./ui/watchdog.json" with { type: "json" };

/**
 * UI texts live in one file per area (`ui/<area>.json`, holding both languages side by side) so
 * that screens can be worked on in parallel; they are reached as `<area>.<key>`. Server and
 * validation texts stay in cs.json / en.json.
 */
export const uiNamespaces = {
  admin,
  adminModeration,
  adminCatalog,
  adminBottlings,
  adminSettings,
  adminContent,
  adminUsers,
  adminTraders,
  adminOrders,
  adminStaff,
  adminDashboard,
  adminDeals,
  adminDealSupport,
  adminShillSignals,
  moderation,
  account,
  accountData,
  bidding,
  blog,
  bottlings,
  catalog,
  checkout,
  common,
  consent,
  dealPages,
  dealBuy,
  ageCheck,
  dealAppeals,
  dealDocuments,
  feeds,
  footer,
  header,
  listings,
  listingAttributes,
  listingEvidence,
  messages: messagesUi,
  orders,
  pages,
  payments,
  paymentRequests,
  product,
  push,
  registration,
  results,
  reviews,
  security,
  shop,
  trustBadges,
  traders,
  watchdog,
} as const;

function withNamespaces(locale: Locale, base: object) {
  const tree: Record<string, unknown> = { ...base };
  for (const [name, texts] of Object.entries(uiNamespaces))
    tree[name] = (texts as Record<Locale, unknown>)[locale];
  return tree;
}

export const messages: Record<Locale, Record<string, unknown>> = {
  cs: withNamespaces("cs", cs),
  en: withNamespaces("en", en),
};

/** "site": the texts of every public and account page; "admin": the back office's on top. */
export type TextsPart = "site" | "admin";

/** Here every text is loaded; the browser's catalogue (app/i18n/catalogue.client.ts) fetches them. */
export function textsReady(_locale: Locale, _part: TextsPart): boolean {
  return true;
}

/** Nothing to fetch here (see textsReady). */
export function loadTexts(_locale: Locale, _part: TextsPart): Promise<void> {
  return Promise.resolve();
}
