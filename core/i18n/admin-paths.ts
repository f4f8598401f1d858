/**
 * The back office's screens (docs/product/back-office.md), in both languages like every page.
 * Each area keeps its paths in its own block. Merged into PAGE_PATHS (paths.ts).
 */
export const ADMIN_PATHS = {
  // The frame and the staff's own sign-in.
  admin: { cs: "/admin", en: "/en/admin" },
  adminSecondFactor: { cs: "/admin/overeni", en: "/en/admin/verification" },
  adminSecondFactorSetup: { cs: "/admin/dvoufazove-overeni", en: "/en/admin/two-factor" },
  adminAudit: { cs: "/admin/audit", en: "/en/admin/audit" },
  adminStaff: { cs: "/admin/tym", en: "/en/admin/staff" },

  // Moderation (notice and action, statements of reasons, complaints).
  adminModeration: { cs: "/admin/moderace", en: "/en/admin/moderation" },
  adminReport: { cs: "/admin/moderace/hlaseni/:id", en: "/en/admin/moderation/reports/:id" },
  adminListingReview: { cs: "/admin/moderace/inzeraty/:id", en: "/en/admin/moderation/listings/:id" },
  adminDecisions: { cs: "/admin/moderace/rozhodnuti", en: "/en/admin/moderation/decisions" },
  adminDecision: { cs: "/admin/moderace/rozhodnuti/:id", en: "/en/admin/moderation/decisions/:id" },
  adminComplaints: { cs: "/admin/moderace/stiznosti", en: "/en/admin/moderation/complaints" },
  adminComplaint: { cs: "/admin/moderace/stiznosti/:id", en: "/en/admin/moderation/complaints/:id" },
  adminUserRestriction: { cs: "/admin/moderace/uzivatel/:id", en: "/en/admin/moderation/users/:id" },
  adminShillSignals: {
    cs: "/admin/moderace/podezrele-prihazovani",
    en: "/en/admin/moderation/shill-bidding",
  },
  adminShillSignal: {
    cs: "/admin/moderace/podezrele-prihazovani/:id",
    en: "/en/admin/moderation/shill-bidding/:id",
  },

  // Catalogue.
  adminCategories: { cs: "/admin/katalog/kategorie", en: "/en/admin/catalog/categories" },
  adminCategory: { cs: "/admin/katalog/kategorie/:id", en: "/en/admin/catalog/categories/:id" },
  adminBrands: { cs: "/admin/katalog/znacky", en: "/en/admin/catalog/brands" },
  /** Bottlings (issue 37, item 3): the list, one bottling with its edit and "Sloučit do…". */
  adminBottlings: { cs: "/admin/katalog/lahve", en: "/en/admin/catalog/bottlings" },
  adminBottling: { cs: "/admin/katalog/lahve/:id", en: "/en/admin/catalog/bottlings/:id" },
  adminPackages: { cs: "/admin/katalog/baleni", en: "/en/admin/catalog/packages" },
  adminAttributes: { cs: "/admin/katalog/atributy", en: "/en/admin/catalog/attributes" },
  adminListings: { cs: "/admin/katalog/inzeraty", en: "/en/admin/catalog/listings" },
  adminListing: { cs: "/admin/katalog/inzeraty/:id", en: "/en/admin/catalog/listings/:id" },

  // Settings.
  adminSettings: { cs: "/admin/nastaveni", en: "/en/admin/settings" },
  adminSetting: { cs: "/admin/nastaveni/:name", en: "/en/admin/settings/:name" },

  // Content.
  adminBanners: { cs: "/admin/obsah/bannery", en: "/en/admin/content/banners" },
  adminBanner: { cs: "/admin/obsah/bannery/:id", en: "/en/admin/content/banners/:id" },
  adminBlogPosts: { cs: "/admin/obsah/blog", en: "/en/admin/content/blog" },
  adminBlogPost: { cs: "/admin/obsah/blog/:id", en: "/en/admin/content/blog/:id" },
  // The article in the public page's design, drafts too: outside the frame (app/routes.ts).
  adminBlogPreview: { cs: "/admin/obsah/blog/:id/nahled", en: "/en/admin/content/blog/:id/preview" },
  adminBlogCategories: { cs: "/admin/obsah/blog-kategorie", en: "/en/admin/content/blog-categories" },
  adminInfoPages: { cs: "/admin/obsah/stranky", en: "/en/admin/content/pages" },
  adminInfoPage: { cs: "/admin/obsah/stranky/:id", en: "/en/admin/content/pages/:id" },
  // The page's working draft in the public page's design: outside the frame (app/routes.ts).
  adminInfoPagePreview: { cs: "/admin/obsah/stranky/:id/nahled", en: "/en/admin/content/pages/:id/preview" },
  adminDocuments: { cs: "/admin/obsah/dokumenty", en: "/en/admin/content/documents" },

  // Users.
  adminUsers: { cs: "/admin/uzivatele", en: "/en/admin/users" },
  /** Traders with missing or unverified data, and suspended sellers (issue 36, item 2). */
  adminTraders: { cs: "/admin/obchodnici", en: "/en/admin/traders" },
  adminUser: { cs: "/admin/uzivatele/:id", en: "/en/admin/users/:id" },
  adminGroups: { cs: "/admin/skupiny", en: "/en/admin/groups" },

  // Orders and money.
  adminOrders: { cs: "/admin/objednavky", en: "/en/admin/orders" },
  adminOrder: { cs: "/admin/objednavky/:id", en: "/en/admin/orders/:id" },
  adminPayments: { cs: "/admin/platby", en: "/en/admin/payments" },
  adminBankStatements: { cs: "/admin/platby/vypisy", en: "/en/admin/payments/statements" },
  adminBankStatement: { cs: "/admin/platby/vypisy/:id", en: "/en/admin/payments/statements/:id" },
  adminVouchers: { cs: "/admin/poukazy", en: "/en/admin/vouchers" },
  adminVoucher: { cs: "/admin/poukazy/:id", en: "/en/admin/vouchers/:id" },

  // Deals through Rarita (issue 35): the deals, the provider's payouts and refunds, the held money's check.
  adminDeals: { cs: "/admin/obchody", en: "/en/admin/deals" },
  adminDealPayouts: { cs: "/admin/obchody/vyplaty", en: "/en/admin/deals/payouts" },
  adminDealReconciliation: { cs: "/admin/obchody/kontrola", en: "/en/admin/deals/reconciliation" },
  adminDeal: { cs: "/admin/obchody/:dealId", en: "/en/admin/deals/:dealId" },
  adminDealDispute: { cs: "/admin/obchody/:dealId/spor", en: "/en/admin/deals/:dealId/dispute" },
  // The disputes' queue and the buyers' strikes with the reviews of suspended bidding.
  adminDealDisputes: { cs: "/admin/obchody/spory", en: "/en/admin/deals/disputes" },
  adminDealStrikes: { cs: "/admin/obchody/prohresky", en: "/en/admin/deals/strikes" },
  adminDealAppeals: { cs: "/admin/obchody/odvolani", en: "/en/admin/deals/appeals" },
} as const;

/**
 * The public side of moderation: anyone reports content (DSA Art. 16), and an affected user reads a
 * statement of reasons and complains (Art. 17, 20).
 */
export const MODERATION_PUBLIC_PATHS = {
  report: { cs: "/nahlasit", en: "/en/report" },
  accountDecision: { cs: "/ucet/rozhodnuti/:id", en: "/en/account/decisions/:id" },
} as const;
