import type { MessageKey } from "#core/i18n/index.ts";
import type { PageName } from "#core/i18n/paths.ts";
import type { StaffScope } from "#core/rules/staff.ts";

/**
 * The back office's menu: each entry names the scope its page needs, so the menu shows only what
 * the server lets the user open (the pages check the same scope in their loaders).
 */
export type AdminNavItem = { page: PageName; label: MessageKey; scope: StaffScope | null };
export type AdminNavSection = { label: MessageKey | null; items: AdminNavItem[] };

export const ADMIN_NAV: AdminNavSection[] = [
  { label: null, items: [{ page: "admin", label: "admin.nav.dashboard", scope: null }] },
  {
    label: "admin.section.moderation",
    items: [
      { page: "adminModeration", label: "admin.nav.moderation", scope: "moderation" },
      { page: "adminDecisions", label: "admin.nav.decisions", scope: "moderation" },
      { page: "adminComplaints", label: "admin.nav.complaints", scope: "moderation" },
      { page: "adminShillSignals", label: "adminShillSignals.nav", scope: "moderation" },
    ],
  },
  {
    label: "admin.section.catalog",
    items: [
      { page: "adminListings", label: "admin.nav.listings", scope: "catalog" },
      { page: "adminCategories", label: "admin.nav.categories", scope: "catalog" },
      { page: "adminBrands", label: "admin.nav.brands", scope: "catalog" },
      { page: "adminPackages", label: "admin.nav.packages", scope: "catalog" },
      { page: "adminBottlings", label: "adminBottlings.nav", scope: "catalog" },
      { page: "adminAttributes", label: "listingAttributes.admin.title", scope: "catalog" },
    ],
  },
  {
    label: "admin.section.content",
    items: [
      { page: "adminBanners", label: "admin.nav.banners", scope: "content" },
      { page: "adminBlogPosts", label: "admin.nav.blog", scope: "content" },
      { page: "adminBlogCategories", label: "admin.nav.blogCategories", scope: "content" },
      { page: "adminInfoPages", label: "admin.nav.infoPages", scope: "content" },
      { page: "adminDocuments", label: "admin.nav.documents", scope: "content" },
    ],
  },
  {
    label: "admin.section.users",
    items: [
      { page: "adminUsers", label: "admin.nav.users", scope: "users" },
      { page: "adminGroups", label: "admin.nav.groups", scope: "users" },
      { page: "adminTraders", label: "adminTraders.nav", scope: "users" },
    ],
  },
  {
    label: "admin.section.money",
    items: [
      { page: "adminOrders", label: "admin.nav.orders", scope: "orders" },
      { page: "adminPayments", label: "admin.nav.payments", scope: "orders" },
      { page: "adminBankStatements", label: "admin.nav.bankStatements", scope: "orders" },
      { page: "adminVouchers", label: "admin.nav.vouchers", scope: "orders" },
    ],
  },
  {
    label: "admin.section.deals",
    items: [
      { page: "adminDeals", label: "admin.nav.deals", scope: "deals" },
      { page: "adminDealPayouts", label: "admin.nav.dealPayouts", scope: "deals" },
      { page: "adminDealReconciliation", label: "admin.nav.dealReconciliation", scope: "deals" },
      { page: "adminDealDisputes", label: "adminDealSupport.nav.disputes", scope: "deals" },
      { page: "adminDealStrikes", label: "adminDealSupport.nav.strikes", scope: "deals" },
      { page: "adminDealAppeals", label: "adminDealSupport.nav.appeals", scope: "deals" },
    ],
  },
  {
    label: "admin.section.site",
    items: [
      { page: "adminSettings", label: "admin.nav.settings", scope: "settings" },
      { page: "adminAudit", label: "admin.nav.audit", scope: "audit" },
      { page: "adminStaff", label: "admin.nav.staff", scope: "staff" },
    ],
  },
];

/** The menu as a user with these scopes sees it: sections without an entry left out. */
export function visibleNav(scopes: readonly string[]): AdminNavSection[] {
  return ADMIN_NAV.map((section) => ({
    ...section,
    items: section.items.filter((item) => item.scope === null || scopes.includes(item.scope)),
  })).filter((section) => section.items.length > 0);
}

/** The entry whose path is the page itself or the deepest one the page lies under. */
export function activeNavPage(
  entries: { page: PageName; path: string }[],
  pathname: string,
): PageName | null {
  let best: { page: PageName; path: string } | null = null;
  for (const entry of entries) {
    const under = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
    if (under && (!best || entry.path.length > best.path.length)) best = entry;
  }
  return best?.page ?? null;
}
