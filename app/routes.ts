import { layout, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { PAGE_PATHS, type PageName, routeId } from "#core/i18n/paths.ts";

/**
 * One screen in both languages: the Czech path and its /en twin share a module
 * (docs/product/screens.md, "Routes").
 */
function page(name: PageName, file: string): RouteConfigEntry[] {
  return [
    route(PAGE_PATHS[name].cs, file, { id: routeId(name, "cs") }),
    route(PAGE_PATHS[name].en, file, { id: routeId(name, "en") }),
  ];
}

export default [
  ...page("home", "routes/home.tsx"),
  ...page("account", "routes/account/login.tsx"),
  // The signed-in account pages (/ucet/*, /en/account/*) share the account sidebar: add new ones here.
  layout("routes/account/layout.tsx", [
    ...page("accountOverview", "routes/account/overview.tsx"),
    ...page("accountVerified", "routes/account/verified-account.tsx"),
    ...page("accountNewsletters", "routes/account/newsletters.tsx"),
    ...page("accountSessions", "routes/account/sessions.tsx"),
    ...page("accountWatch", "routes/account/watch.tsx"),
    ...page("accountAuctions", "routes/account/my-bids.tsx"),
    ...page("accountInvoice", "routes/account/invoice-and-contact.tsx"),
    ...page("accountAdvertisements", "routes/account/listings/index.tsx"),
    ...page("accountAdvertisementAdd", "routes/account/listings/add.tsx"),
    ...page("accountAdvertisementConfirmation", "routes/account/listings/confirmation.tsx"),
    ...page("accountAdvertisementEdit", "routes/account/listings/edit.tsx"),
    ...page("accountAdvertisementTop", "routes/account/listings/top.tsx"),
    ...page("accountPayment", "routes/account/payments.tsx"),
    ...page("accountSummary", "routes/account/summary.tsx"),
    ...page("accountVoucherStats", "routes/account/voucher-stats.tsx"),
    ...page("accountContactSeller", "routes/account/listings/contact.tsx"),
    ...page("accountContactUser", "routes/account/listings/contact-user.tsx"),
    ...page("accountMessages", "routes/account/messages.tsx"),
    ...page("accountMessageThread", "routes/account/messages.tsx"),
    ...page("accountNotifications", "routes/account/notifications.tsx"),
    ...page("accountReviews", "routes/account/reviews.tsx"),
    ...page("accountReviewForm", "routes/account/review-form.tsx"),
    ...page("accountWatchdogs", "routes/account/watchdogs.tsx"),
    ...page("accountDecision", "routes/account/decision.tsx"),
  ]),
  // The back office (/admin, /en/admin): staff only, each page behind its scope (guard.server.ts).
  // The second factor's pages stand outside the frame: staff reach them before passing it.
  ...page("adminSecondFactor", "routes/admin/second-factor.tsx"),
  ...page("adminSecondFactorSetup", "routes/admin/second-factor-setup.tsx"),
  layout("routes/admin/layout.tsx", [
    ...page("admin", "routes/admin/dashboard.tsx"),
    ...page("adminAudit", "routes/admin/staff/audit.tsx"),
    ...page("adminStaff", "routes/admin/staff/staff.tsx"),
    ...page("adminModeration", "routes/admin/moderation/queue.tsx"),
    ...page("adminReport", "routes/admin/moderation/report.tsx"),
    ...page("adminListingReview", "routes/admin/moderation/listing-review.tsx"),
    ...page("adminDecisions", "routes/admin/moderation/decisions.tsx"),
    ...page("adminDecision", "routes/admin/moderation/decision.tsx"),
    ...page("adminComplaints", "routes/admin/moderation/complaints.tsx"),
    ...page("adminComplaint", "routes/admin/moderation/complaint.tsx"),
    ...page("adminUserRestriction", "routes/admin/moderation/user-restriction.tsx"),
    ...page("adminCategories", "routes/admin/catalog/categories.tsx"),
    ...page("adminCategory", "routes/admin/catalog/category.tsx"),
    ...page("adminBrands", "routes/admin/catalog/brands.tsx"),
    ...page("adminPackages", "routes/admin/catalog/packages.tsx"),
    ...page("adminListings", "routes/admin/catalog/listings.tsx"),
    ...page("adminListing", "routes/admin/catalog/listing.tsx"),
    ...page("adminSettings", "routes/admin/settings/index.tsx"),
    ...page("adminSetting", "routes/admin/settings/setting.tsx"),
    ...page("adminBanners", "routes/admin/content/banners.tsx"),
    ...page("adminBanner", "routes/admin/content/banner.tsx"),
    ...page("adminBlogPosts", "routes/admin/content/blog-posts.tsx"),
    ...page("adminBlogPost", "routes/admin/content/blog-post.tsx"),
    ...page("adminBlogCategories", "routes/admin/content/blog-categories.tsx"),
    ...page("adminInfoPages", "routes/admin/content/info-pages.tsx"),
    ...page("adminInfoPage", "routes/admin/content/info-page.tsx"),
    ...page("adminDocuments", "routes/admin/content/documents.tsx"),
    ...page("adminUsers", "routes/admin/users/index.tsx"),
    ...page("adminUser", "routes/admin/users/user.tsx"),
    ...page("adminGroups", "routes/admin/users/groups.tsx"),
    ...page("adminOrders", "routes/admin/orders/orders.tsx"),
    ...page("adminOrder", "routes/admin/orders/order.tsx"),
    ...page("adminPayments", "routes/admin/orders/payments.tsx"),
    ...page("adminBankStatements", "routes/admin/orders/bank-statements.tsx"),
    ...page("adminBankStatement", "routes/admin/orders/bank-statement.tsx"),
    ...page("adminVouchers", "routes/admin/orders/vouchers.tsx"),
    ...page("adminVoucher", "routes/admin/orders/voucher.tsx"),
  ]),
  ...page("logout", "routes/account/logout.tsx"),
  ...page("ageConfirmation", "routes/age-confirmation.tsx"),
  ...page("testGateway", "routes/test-gateway.tsx"),
  ...page("accountInvoiceDocument", "routes/account/invoice-document.tsx"),
  ...page("orderSummary", "routes/shop/summary.tsx"),
  ...page("orderInvoiceDocument", "routes/shop/invoice-document.tsx"),
  ...page("loginCallback", "routes/login-callback.tsx"),
  // The shop's cart and checkout: guests use them too (outside the account layout).
  ...page("cart", "routes/shop/cart.tsx"),
  ...page("cartDelivery", "routes/shop/delivery.tsx"),
  ...page("cartDetails", "routes/shop/details.tsx"),
  ...page("cartReview", "routes/shop/review.tsx"),
  ...page("maintenance", "routes/maintenance.tsx"),
  ...page("report", "routes/moderation/report.tsx"),
  ...page("info", "routes/info.tsx"),
  ...page("documents", "routes/documents.tsx"),
  ...page("dailyAuctions", "routes/catalog/listing.tsx"),
  ...page("monthlyAuctions", "routes/catalog/listing.tsx"),
  ...page("newProducts", "routes/catalog/listing.tsx"),
  ...page("saleProducts", "routes/catalog/listing.tsx"),
  ...page("search", "routes/catalog/search.tsx"),
  ...page("blog", "routes/blog/index.tsx"),
  ...page("blogArticle", "routes/blog/article.tsx"),
  // The editors' previews (an article, an info page; content scope) in the public design, outside the frame.
  ...page("adminBlogPreview", "routes/admin/content/blog-preview.tsx"),
  ...page("adminInfoPagePreview", "routes/admin/content/info-page-preview.tsx"),
  ...page("userProfile", "routes/user-profile.tsx"),
  ...page("register", "routes/account/register.tsx"),
  ...page("accountRegister", "routes/account/register.tsx"),
  ...page("registerWelcome", "routes/account/register-welcome.tsx"),
  ...page("resetPassword", "routes/account/reset-password.tsx"),
  ...page("changePassword", "routes/account/change-password.tsx"),
  ...page("confirmEmail", "routes/account/confirm-email.tsx"),
  ...page("newsletterConfirm", "routes/newsletter/confirm.tsx"),
  ...page("newsletterUnsubscribe", "routes/newsletter/unsubscribe.tsx"),
  ...page("notificationsUnsubscribe", "routes/notifications-unsubscribe.tsx"),
  // The catch-all catalogue paths come last: /{id}/{slug} and /{id}/{category}/{product}.
  ...page("category", "routes/catalog/two-segment.tsx"),
  ...page("product", "routes/catalog/product.tsx"),
  // Error-page triggers for the browser tests: 404 unless the server runs with E2E_DIAGNOSTICS=1.
  ...(["cs", "en"] as const).flatMap((locale) => {
    const base = locale === "en" ? "/en/__diagnostics" : "/__diagnostics";
    return [
      route(`${base}/middleware/:name`, "routes/diagnostics.tsx", { id: `diagnosticsMiddleware-${locale}` }),
      route(`${base}/crash`, "routes/diagnostics.tsx", { id: `diagnosticsCrash-${locale}` }),
      route(`${base}/auction/:id?`, "routes/diagnostics-auction.tsx", { id: `diagnosticsAuction-${locale}` }),
    ];
  }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
];
