import { z } from "zod";
import { SHOP_COUNTRIES } from "../contracts/shop.ts";
import { czechAccountToIban, normalizeIban } from "../formats/iban.ts";
import { validateBidTable } from "../rules/bid-step.ts";

/**
 * The shape of every setting's value. The admin API refuses a value that does not fit (422), so
 * the pages that read settings can trust them; the seed is checked against the same schemas.
 * Custom messages are i18n keys (see issuesToFieldErrors).
 */

const text = (max: number) => z.string().trim().min(1).max(max);

/** An address inside the site ("/info/1/obchodni-podminky") or an absolute http(s) URL. */
const link = z
  .string()
  .max(500)
  .refine((value) => {
    if (value.startsWith("/")) return !value.startsWith("//");
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "validation.link");

const httpsUrl = z
  .string()
  .max(500)
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, "validation.link");

const menuLink = z.strictObject({ link, text: text(100) });

/** Money in integer CZK minor units (haléře), never negative. */
const minor = z.number().int().min(0);

const contacts = z.strictObject({
  company: text(200).optional(),
  email: z.email().optional(),
  phone: text(50).optional(),
  address: text(300).optional(),
  ico: z
    .string()
    .regex(/^\d{8}$/, "validation.invalid")
    .optional(),
  dic: z
    .string()
    .regex(/^[A-Z]{2}\d{8,10}$/, "validation.invalid")
    .optional(),
  /** Where QR bank transfers go: a Czech account number (`19-2000145399/0800`) or an IBAN. */
  bank_account: text(50)
    .refine(
      (value) => czechAccountToIban(value) !== null || normalizeIban(value) !== null,
      "validation.invalid",
    )
    .optional(),
  opening_hours: text(200).optional(),
  register: text(500).optional(),
  /** Profile addresses for the footer's social links. */
  facebook: httpsUrl.optional(),
  instagram: httpsUrl.optional(),
});

const intropopup = z.strictObject({
  title: text(200).optional(),
  text: text(2000).optional(),
  is_enabled: z.boolean(),
});

const topmenu = z.array(menuLink).max(20);

/** Columns of footer links, each a title and its links (docs/product/screens.md, "Parts of every page"). */
const bottommenu = z.array(z.strictObject({ title: text(100), links: z.array(menuLink).max(30) })).max(10);

const maintenance = z.strictObject({ is_enabled: z.boolean() });

/**
 * The maintenance switch as the settings module stores it: the saved value, plus who switched it
 * and when (set by the server, never taken from the request).
 */
export type MaintenanceState = z.infer<typeof maintenance> & {
  switched_at?: string;
  switched_by?: { id: number; name: string };
};

/** Ids of the categories featured on the home page, in their order. */
const categoriesMenu = z
  .array(z.number().int().min(1))
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, "validation.duplicate");

/**
 * The table's rules live with the bid-step functions that rely on them (core/rules/bid-step.ts);
 * each problem is said at the field of the row that causes it, a gap apart from an overlap, so the
 * back office's editor and the API refuse a table with the same words.
 */
const BID_PROBLEM_KEYS = {
  "min-not-zero": { field: "min", key: "adminSettings.errors.bidFirstFromZero" },
  "max-not-above-min": { field: "max", key: "adminSettings.errors.bidMaxAboveMin" },
  "open-range-not-last": { field: "max", key: "adminSettings.errors.bidOpenRangeNotLast" },
  "last-range-closed": { field: "max", key: "adminSettings.errors.bidLastRangeOpen" },
} as const;

type BidRow = { min: number; max: number | null; value: number; step: number };

function bidProblemKey(code: string, table: readonly BidRow[], index: number) {
  if (code !== "not-contiguous") return BID_PROBLEM_KEYS[code as keyof typeof BID_PROBLEM_KEYS];
  const previousMax = table[index - 1]?.max ?? 0;
  const key = table[index].min > previousMax ? "bidGap" : "bidOverlap";
  return { field: "min", key: `adminSettings.errors.${key}` } as const;
}

/** Whole CZK ranges: `{ min, max (null = open-ended), value (minimum bid step), step }`. */
const bid = z
  .array(
    z.strictObject({
      min: z.number().int().min(0),
      max: z.number().int().min(0).nullable(),
      value: z.number().int().min(1),
      step: z.number().int().min(1),
    }),
  )
  .min(1)
  .superRefine((table, ctx) => {
    for (const problem of validateBidTable(table)) {
      // Shape problems are reported by the schema above.
      if (problem.code !== "not-contiguous" && !(problem.code in BID_PROBLEM_KEYS)) continue;
      const index = problem.index ?? 0;
      const { field, key } = bidProblemKey(problem.code, table, index);
      ctx.addIssue({ code: "custom", path: [index, field], message: key });
    }
  });

/**
 * Fees (docs/product/fees.md, "The `fees` setting"), in CZK minor units: insertion per format and
 * auction duration, promotion per day.
 */
const fees = z
  .strictObject({
    insertionMinor: z.strictObject({
      auction: z.strictObject({ week: minor, month: minor }),
      classified: minor,
      demand: minor,
    }),
    promotionPerDayMinor: minor,
    promotionMinDays: z.number().int().min(1),
    promotionMaxDays: z.number().int().min(1).max(365),
    freeProductsBeforeVerification: z.number().int().min(0),
  })
  .refine((value) => value.promotionMaxDays >= value.promotionMinDays, {
    path: ["promotionMaxDays"],
    message: "validation.maxBelowMin",
  });

/**
 * The soft-close window of auctions (docs/product/auctions.md, "Soft close": a bid in the last
 * minutes extends the end).
 */
const softClose = z.strictObject({ minutes: z.number().int().min(0).max(60) });

/**
 * The monthly round's staggered close (docs/product/auctions.md, "The monthly round's close"):
 * from the round's 20:00, each top category's lots end `lotsPerSlot` at a time, one slot every
 * `slotSeconds`.
 */
const monthlyClose = z.strictObject({
  slotSeconds: z.number().int().min(10).max(3600),
  lotsPerSlot: z.number().int().min(1).max(100),
});

/** The `monthlyClose` setting's value. */
export type MonthlyCloseSetting = z.infer<typeof monthlyClose>;

/** Without the setting: one lot a minute per category. */
export const MONTHLY_CLOSE_DEFAULTS: MonthlyCloseSetting = { slotSeconds: 60, lotsPerSlot: 1 };

/**
 * Buy-it-now on auctions (docs/product/auctions.md, "Buy it now"): how far above the start price
 * the seller's buy-it-now price must be at least (percent), and whether it is offered until the
 * reserve is met rather than only until the first bid.
 */
const buyNow = z.strictObject({
  minAbovePercent: z.number().int().min(0).max(1000),
  untilReserveMet: z.boolean(),
});

/** The `buyNow` setting's value. */
export type BuyNowSetting = z.infer<typeof buyNow>;

/** Without the setting: at least 20 % above the start price, offered until the first bid. */
export const BUY_NOW_DEFAULTS: BuyNowSetting = { minAbovePercent: 20, untilReserveMet: false };

/**
 * The shop's delivery and payment (docs/product/shop.md, "Delivery"): the carriers with their
 * prices (a carrier with a cash-on-delivery fee takes cash on delivery), the store's branches
 * for personal pickup with their addresses and opening hours, and how long an unpaid order keeps
 * its stock. One value for both languages: the texts that differ carry both.
 */
const key = z.string().regex(/^[a-z0-9][a-z0-9-_]{0,39}$/, "validation.invalid");
const bilingual = (max: number) => z.strictObject({ cs: text(max), en: text(max) });
const uniqueKeys = (items: readonly { key: string }[], ctx: z.RefinementCtx, path: string) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key))
      ctx.addIssue({ code: "custom", path: [path, index, "key"], message: "validation.duplicate" });
    seen.add(item.key);
  });
};
const shop = z
  .strictObject({
    carriers: z
      .array(
        z.strictObject({
          key,
          name: text(100),
          description: bilingual(300),
          priceMinor: minor,
          /** null = the carrier takes no cash on delivery. */
          codFeeMinor: minor.nullable(),
          countries: z.array(z.enum(SHOP_COUNTRIES)).min(1),
        }),
      )
      .min(1),
    branches: z.array(
      z.strictObject({
        key,
        name: text(100),
        street: text(200),
        city: text(100),
        zip: z.string().regex(/^\d{3} ?\d{2}$/, "validation.invalid"),
        prague: z.boolean(),
        hours: z.strictObject({ cs: z.array(text(100)).min(1), en: z.array(text(100)).min(1) }),
      }),
    ),
    /** An unpaid order (card or transfer) gives its stock back after this many hours. */
    reservationHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
  })
  .superRefine((value, ctx) => {
    uniqueKeys(value.carriers, ctx, "carriers");
    uniqueKeys(value.branches, ctx, "branches");
  });

/**
 * Deals through the site (docs/product/deals.md, "The `deals` setting"): the switch, the fees
 * (basis points: 100 bp = 1 %; amounts in CZK minor units; core/rules/deal-fees.ts computes them)
 * and the deadlines. The bounds keep a typo from charging a buyer half the price or leaving a
 * deal open for a year.
 */
const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);
/** Hours before a deadline at which a side is reminded, each once: up to five, none twice. */
const reminderHours = (max: number) =>
  z
    .array(wholeNumber(1, max))
    .max(5)
    .refine((hours) => new Set(hours).size === hours.length, "validation.duplicate");
const deals = z
  .strictObject({
    enabled: z.boolean(),
    buyerProtection: z.strictObject({
      percentBp: wholeNumber(0, 2_000),
      fixedMinor: minor.max(100_000),
      minMinor: minor.max(100_000),
    }),
    sellerCommissionBp: wholeNumber(0, 3_000),
    payDays: wholeNumber(1, 14),
    shipWorkingDays: wholeNumber(1, 20),
    releaseDaysAfterShipping: wholeNumber(3, 60),
    disputeAnswerDays: wholeNumber(1, 14),
    secondChanceHours: wholeNumber(1, 24 * 7),
    /** Hours before the payment deadline at which the buyer is reminded, e.g. [24, 12]. */
    payReminderHours: reminderHours(24 * 14),
    /** Hours before the ship-by deadline (or the pickup's "ready" one) at which the seller is reminded. */
    shipReminderHours: reminderHours(24 * 20),
    /** Hours before the money is released at which the buyer is reminded (dispute or confirm). */
    releaseReminderHours: reminderHours(24 * 60),
    /** Days a pickup's buyer has to collect the goods once they are ready; then the deal is cancelled. */
    pickupDays: wholeNumber(1, 60),
    /** Hours before the pickup's deadline at which both sides are reminded. */
    pickupReminderHours: reminderHours(24 * 60),
    /** Days a buyer has to send the item back once a return is agreed or ordered in a dispute. */
    returnShipDays: wholeNumber(1, 30),
    /** Days the seller has to confirm a returned item after the buyer's tracking number; then it is refunded. */
    returnConfirmDays: wholeNumber(3, 60),
  })
  .superRefine((value, ctx) => {
    // Each reminder comes before its deadline; the ship-by deadline is at least as many days away
    // as its working days.
    const rules = [
      ["payReminderHours", value.payDays, "validation.reminderBeforeDeadline"],
      ["shipReminderHours", value.shipWorkingDays, "validation.shipReminderBeforeDeadline"],
      ["releaseReminderHours", value.releaseDaysAfterShipping, "validation.releaseReminderBeforeRelease"],
      ["pickupReminderHours", value.pickupDays, "validation.pickupReminderBeforeDeadline"],
    ] as const;
    for (const [field, days, message] of rules)
      value[field].forEach((hours, index) => {
        if (hours >= days * 24) ctx.addIssue({ code: "custom", path: [field, index], message });
      });
  });

/** The `deals` setting's value as the deals module reads it (parse it with SETTING_SPECS.deals.schema). */
export type DealsSetting = z.infer<typeof deals>;

/**
 * Evidence of authenticity (docs/product/trust.md, "Evidence of authenticity"): the categories
 * whose listings are spirits (each with everything below it; like categoriesMenu, by id) and the
 * price above which a spirits auction (its start price or reserve, the higher) cannot be submitted
 * without the photos of the capsule and seal, the fill level and the batch code.
 */
const authenticityEvidence = z.strictObject({
  categoryIds: categoriesMenu,
  auctionThresholdMinor: minor.max(1_000_000_000),
});

/** The `authenticityEvidence` setting's value (parse it with SETTING_SPECS.authenticityEvidence.schema). */
export type AuthenticityEvidenceSetting = z.infer<typeof authenticityEvidence>;

/**
 * The age check (docs/product/trust.md, "Age check"; ADR 0083): how many accounts one identity
 * (a bank identity's or a wallet's subject) may verify, and the top categories whose goods the
 * shop sells without an age check (everything else needs one: a category added later is
 * age-restricted until the operator lists it here).
 */
const ageCheck = z.strictObject({
  accountsPerIdentity: z.number().int().min(1).max(20),
  freeCategories: categoriesMenu,
});

/** The `ageCheck` setting's value (parse it with SETTING_SPECS.ageCheck.schema). */
export type AgeCheckSetting = z.infer<typeof ageCheck>;

/** Without the setting: three accounts per identity, and every category age-restricted. */
export const AGE_CHECK_DEFAULTS: AgeCheckSetting = { accountsPerIdentity: 3, freeCategories: [] };

/**
 * Every setting: its schema and whether it may differ by language (texts and menus do; switches,
 * tables and fees are one value for the whole site, else the rules would depend on the UI language).
 */
export const SETTING_SPECS = {
  contacts: { schema: contacts, perLanguage: true },
  intropopup: { schema: intropopup, perLanguage: true },
  topmenu: { schema: topmenu, perLanguage: true },
  bottommenu: { schema: bottommenu, perLanguage: true },
  maintenance: { schema: maintenance, perLanguage: false },
  categoriesMenu: { schema: categoriesMenu, perLanguage: false },
  bid: { schema: bid, perLanguage: false },
  fees: { schema: fees, perLanguage: false },
  softClose: { schema: softClose, perLanguage: false },
  monthlyClose: { schema: monthlyClose, perLanguage: false },
  buyNow: { schema: buyNow, perLanguage: false },
  shop: { schema: shop, perLanguage: false },
  deals: { schema: deals, perLanguage: false },
  authenticityEvidence: { schema: authenticityEvidence, perLanguage: false },
  ageCheck: { schema: ageCheck, perLanguage: false },
} as const satisfies Record<string, { schema: z.ZodType; perLanguage: boolean }>;

export type SettingName = keyof typeof SETTING_SPECS;

/**
 * The settings of GET /api/settings (docs/product/calls-and-errors.md, "The spec's calls"), plus the fees
 * (docs/product/fees.md, "The `fees` setting"), soft close (docs/product/auctions.md, "Soft
 * close") and deals (docs/product/deals.md, "The `deals` setting").
 */
export const SETTING_NAMES = Object.keys(SETTING_SPECS) as [SettingName, ...SettingName[]];

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_SPECS, name);
}
