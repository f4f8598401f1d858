/**
 * Settings entries (docs/product/calls-and-errors.md, "The spec's calls"), currencies and
 * countries. Entries whose text differs by language exist once per locale; the rest once with
 * locale NULL.
 */

/** Bid steps in whole CZK: the range containing the price (min inclusive, max exclusive) gives the minimum step. */
export const BID_STEPS: { min: number; max: number | null; value: number; step: number }[] = [
  { min: 0, max: 500, value: 10, step: 10 },
  { min: 500, max: 1000, value: 20, step: 20 },
  { min: 1000, max: 5000, value: 50, step: 50 },
  { min: 5000, max: 10000, value: 100, step: 100 },
  { min: 10000, max: 50000, value: 500, step: 500 },
  { min: 50000, max: 100000, value: 1000, step: 1000 },
  { min: 100000, max: null, value: 2000, step: 2000 },
];

/** The minimum bid step, in minor units, for a price in minor units. */
export function bidStepMinor(priceMinor: number): number {
  const crowns = priceMinor / 100;
  const range = BID_STEPS.find((r) => crowns >= r.min && (r.max === null || crowns < r.max)) ?? BID_STEPS[0];
  return range.value * 100;
}

/**
 * Fees in CZK minor units (docs/product/fees.md, "The `fees` setting": insertion fee per format and
 * duration, promotion per day).
 */
export const FEES = {
  insertionMinor: { auction: { week: 2900, month: 4900 }, classified: 1900, demand: 0 },
  promotionPerDayMinor: 1500,
  promotionMinDays: 1,
  promotionMaxDays: 30,
  freeProductsBeforeVerification: 10,
};

/**
 * Deals through the site (docs/product/deals.md, "The `deals` setting"): off until the payment
 * provider is in place; buyer protection 5 % + 10 Kč, at least 29 Kč; no seller commission.
 */
export const DEALS = {
  enabled: false,
  buyerProtection: { percentBp: 500, fixedMinor: 1000, minMinor: 2900 },
  sellerCommissionBp: 0,
  payDays: 3,
  shipWorkingDays: 5,
  releaseDaysAfterShipping: 14,
  disputeAnswerDays: 3,
  secondChanceHours: 48,
  payReminderHours: [24, 12],
  shipReminderHours: [24],
  releaseReminderHours: [48],
  pickupDays: 14,
  pickupReminderHours: [48],
  returnShipDays: 7,
  returnConfirmDays: 14,
};

type SettingSeed = { name: string; locale: "cs" | "en" | null; value: unknown };

const WEEKDAYS_LONG = {
  cs: ["Po–Pá 10:00–19:00", "So 9:00–13:00"],
  en: ["Mon–Fri 10:00–19:00", "Sat 9:00–13:00"],
};
const WEEKDAYS_SHORT = {
  cs: ["Po–Pá 9:00–18:00", "So 9:00–12:00"],
  en: ["Mon–Fri 9:00–18:00", "Sat 9:00–12:00"],
};
const MALL_HOURS = { cs: ["Po–Ne 10:00–21:00"], en: ["Mon–Sun 10:00–21:00"] };

/**
 * The shop's delivery and payment (the `shop` setting): carriers with their prices and
 * cash-on-delivery fees in CZK minor units, the store's 13 branches for personal pickup (the
 * spec's section 9; five in Prague, where stock arrives in 1 to 3 days) and how long an unpaid
 * order keeps its stock.
 */
export const SHOP = {
  carriers: [
    {
      key: "zasilkovna",
      name: "Zásilkovna",
      description: {
        cs: "Vyzvednutí na více než 10 000 výdejních místech a v Z-BOXech v Česku a na Slovensku.",
        en: "Pick up at more than 10,000 pickup points and Z-BOX lockers in the Czech Republic and Slovakia.",
      },
      priceMinor: 7900,
      codFeeMinor: 3900,
      countries: ["CZ", "SK"],
    },
    {
      key: "ppl",
      name: "PPL",
      description: {
        cs: "Kurýr doručí zásilku na vaši adresu v pracovní den, o doručení vás předem informuje SMS.",
        en: "A courier delivers the parcel to your address on a working day and tells you by text message beforehand.",
      },
      priceMinor: 12900,
      codFeeMinor: 4900,
      countries: ["CZ", "SK"],
    },
    {
      key: "dpd",
      name: "DPD",
      description: {
        cs: "Kurýr na adresu s hodinovým oknem doručení a možností změnit termín.",
        en: "A courier to your address with a one-hour delivery window and the option to reschedule.",
      },
      priceMinor: 13900,
      codFeeMinor: null,
      countries: ["CZ", "SK"],
    },
    {
      key: "ceska-posta",
      name: "Česká pošta – Balík Do ruky",
      description: {
        cs: "Doručení na adresu v Česku; když nejste doma, zásilka čeká na vaší poště.",
        en: "Delivery to an address in the Czech Republic; if you are out, the parcel waits at your post office.",
      },
      priceMinor: 14900,
      codFeeMinor: 4500,
      countries: ["CZ"],
    },
  ],
  branches: [
    {
      key: "praha-vinohrady",
      name: "Rarita Praha – Vinohrady",
      street: "Vinohradská 1511/230",
      city: "Praha 10",
      zip: "100 00",
      prague: true,
      hours: WEEKDAYS_LONG,
    },
    {
      key: "praha-karlin",
      name: "Rarita Praha – Karlín",
      street: "Sokolovská 394/17",
      city: "Praha 8",
      zip: "186 00",
      prague: true,
      hours: WEEKDAYS_LONG,
    },
    {
      key: "praha-smichov",
      name: "Rarita Praha – Smíchov",
      street: "Plzeňská 8/1",
      city: "Praha 5",
      zip: "150 00",
      prague: true,
      hours: MALL_HOURS,
    },
    {
      key: "praha-dejvice",
      name: "Rarita Praha – Dejvice",
      street: "Dejvická 306/4",
      city: "Praha 6",
      zip: "160 00",
      prague: true,
      hours: WEEKDAYS_LONG,
    },
    {
      key: "praha-holesovice",
      name: "Rarita Praha – Holešovice",
      street: "Dukelských hrdinů 567/52",
      city: "Praha 7",
      zip: "170 00",
      prague: true,
      hours: WEEKDAYS_LONG,
    },
    {
      key: "brno",
      name: "Rarita Brno",
      street: "Masarykova 427/31",
      city: "Brno",
      zip: "602 00",
      prague: false,
      hours: WEEKDAYS_LONG,
    },
    {
      key: "ostrava",
      name: "Rarita Ostrava",
      street: "Nádražní 2956/108",
      city: "Ostrava",
      zip: "702 00",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
    {
      key: "plzen",
      name: "Rarita Plzeň",
      street: "Americká 2442/39",
      city: "Plzeň",
      zip: "301 00",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
    {
      key: "olomouc",
      name: "Rarita Olomouc",
      street: "Riegrova 375/12",
      city: "Olomouc",
      zip: "779 00",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
    {
      key: "liberec",
      name: "Rarita Liberec",
      street: "Pražská 135/6",
      city: "Liberec",
      zip: "460 01",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
    {
      key: "ceske-budejovice",
      name: "Rarita České Budějovice",
      street: "Lannova třída 1/63",
      city: "České Budějovice",
      zip: "370 01",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
    {
      key: "hradec-kralove",
      name: "Rarita Hradec Králové",
      street: "Gočárova třída 1620/4",
      city: "Hradec Králové",
      zip: "500 02",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
    {
      key: "pardubice",
      name: "Rarita Pardubice",
      street: "Třída Míru 60",
      city: "Pardubice",
      zip: "530 02",
      prague: false,
      hours: WEEKDAYS_SHORT,
    },
  ],
  reservationHours: 72,
};

/**
 * Rarita's own profiles on the two social networks the footer links to (docs/product/screens.md,
 * "Parts of every page").
 */
export const SOCIAL_PROFILES = {
  facebook: "https://www.facebook.com/rarita.aukce",
  instagram: "https://www.instagram.com/rarita.aukce/",
};

export function buildSettings(
  featuredCategoryIds: number[],
  spiritCategoryIds: number[] = [],
  ageFreeCategoryIds: number[] = [],
): SettingSeed[] {
  const topmenu = (locale: "cs" | "en") =>
    locale === "cs"
      ? [
          { link: "/denni-aukce", text: "Denní aukce" },
          { link: "/mesicni-aukce", text: "Měsíční aukce" },
          { link: "/produkty/novinky", text: "Novinky" },
          { link: "/produkty/akce", text: "Akce" },
          { link: "/blog", text: "Magazín" },
          { link: SOCIAL_PROFILES.instagram, text: "Instagram" },
        ]
      : [
          { link: "/en/daily-auctions", text: "Daily auctions" },
          { link: "/en/monthly-auctions", text: "Monthly auctions" },
          { link: "/en/products/new", text: "New arrivals" },
          { link: "/en/products/sale", text: "On sale" },
          { link: "/en/blog", text: "Magazine" },
          { link: SOCIAL_PROFILES.instagram, text: "Instagram" },
        ];
  const bottommenu = (locale: "cs" | "en") =>
    locale === "cs"
      ? [
          {
            title: "Rarita",
            links: [
              { text: "O nás", link: "/info/3/o-nas" },
              { text: "Jak fungují aukce", link: "/info/5/jak-funguji-aukce" },
              { text: "Doprava a platba", link: "/info/4/doprava-a-platba" },
              { text: "Obchodní podmínky", link: "/info/1/obchodni-podminky" },
              { text: "Ochrana osobních údajů", link: "/info/2/gdpr" },
              { text: "Dokumenty ke stažení", link: "/dokumenty" },
            ],
          },
          {
            title: "Zákaznický servis",
            links: [
              { text: "Reklamace a vrácení", link: "/info/6/reklamace-a-vraceni" },
              { text: "Česká obchodní inspekce", link: "https://www.coi.cz/" },
            ],
          },
        ]
      : [
          {
            title: "Rarita",
            links: [
              { text: "About us", link: "/en/info/3/about-us" },
              { text: "How auctions work", link: "/en/info/5/how-auctions-work" },
              { text: "Shipping and payment", link: "/en/info/4/shipping-and-payment" },
              { text: "Terms and conditions", link: "/en/info/1/terms-and-conditions" },
              { text: "Privacy policy", link: "/en/info/2/privacy-policy" },
              { text: "Documents", link: "/en/documents" },
            ],
          },
          {
            title: "Customer service",
            links: [
              { text: "Complaints and returns", link: "/en/info/6/complaints-and-returns" },
              { text: "Czech Trade Inspection", link: "https://www.coi.cz/en/" },
            ],
          },
        ];
  const contacts = (locale: "cs" | "en") => ({
    company: "Rarita s.r.o.",
    email: "info@rarita.test",
    phone: "+420 602 123 456",
    address:
      locale === "cs"
        ? "Vinohradská 1511/230, 100 00 Praha 10"
        : "Vinohradská 1511/230, 100 00 Prague 10, Czech Republic",
    facebook: SOCIAL_PROFILES.facebook,
    instagram: SOCIAL_PROFILES.instagram,
    ico: "28953177",
    dic: "CZ28953177",
    // A made-up account that passes the banks' modulo-11 check: QR payments need a valid one.
    bank_account: "2801234527/2010",
    opening_hours:
      locale === "cs" ? "Po–Pá 10:00–18:00, So 10:00–14:00" : "Mon–Fri 10:00–18:00, Sat 10:00–14:00",
    register:
      locale === "cs"
        ? "Zapsáno v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 123456."
        : "Registered in the Commercial Register kept by the Municipal Court in Prague, section C, file 123456.",
  });
  const intropopup = (locale: "cs" | "en") =>
    locale === "cs"
      ? {
          title: "Jarní aukce rumů z uzavřených palíren",
          text: "Caroni, Port Mourant i Uitvlugt: vzácné lahve z uzavřených palíren jsou v aukci až do konce měsíce. Registrace je zdarma, přihazovat mohou pouze osoby starší 18 let.",
          is_enabled: true,
        }
      : {
          title: "Rums from closed distilleries at auction",
          text: "Caroni, Port Mourant and Uitvlugt: rare bottles from closed distilleries are at auction until the end of the month. Registration is free; only adults (18+) may bid.",
          is_enabled: true,
        };

  const entries: SettingSeed[] = [];
  for (const locale of ["cs", "en"] as const) {
    entries.push({ name: "contacts", locale, value: contacts(locale) });
    entries.push({ name: "intropopup", locale, value: intropopup(locale) });
    entries.push({ name: "topmenu", locale, value: topmenu(locale) });
    entries.push({ name: "bottommenu", locale, value: bottommenu(locale) });
  }
  entries.push({ name: "maintenance", locale: null, value: { is_enabled: false } });
  entries.push({ name: "categoriesMenu", locale: null, value: featuredCategoryIds });
  entries.push({ name: "bid", locale: null, value: BID_STEPS });
  entries.push({ name: "fees", locale: null, value: FEES });
  entries.push({ name: "softClose", locale: null, value: { minutes: 2 } });
  entries.push({ name: "monthlyClose", locale: null, value: { slotSeconds: 60, lotsPerSlot: 1 } });
  entries.push({ name: "buyNow", locale: null, value: { minAbovePercent: 20, untilReserveMet: false } });
  entries.push({ name: "shop", locale: null, value: SHOP });
  entries.push({ name: "deals", locale: null, value: DEALS });
  // Evidence of authenticity (docs/product/trust.md): the spirits' categories, 5 000 Kč.
  entries.push({
    name: "authenticityEvidence",
    locale: null,
    value: { categoryIds: spiritCategoryIds, auctionThresholdMinor: 500_000 },
  });
  // The age check (issue 36): three accounts per identity; only accessories sell without it.
  entries.push({
    name: "ageCheck",
    locale: null,
    value: { accountsPerIdentity: 3, freeCategories: ageFreeCategoryIds },
  });
  return entries;
}

export const currencySeeds = [
  {
    code: "CZK",
    symbolBefore: null,
    symbolAfter: " Kč",
    decimals: 2,
    rate: "1",
    isDefault: true,
    position: 0,
  },
  {
    code: "EUR",
    symbolBefore: "€",
    symbolAfter: null,
    decimals: 2,
    rate: "25.2",
    isDefault: false,
    position: 1,
  },
];

/** Home markets first (position 0-1), then the rest alphabetically by the service. */
export const countrySeeds: { code: string; nameCs: string; nameEn: string; position: number }[] = [
  { code: "CZ", nameCs: "Česká republika", nameEn: "Czech Republic", position: 0 },
  { code: "SK", nameCs: "Slovensko", nameEn: "Slovakia", position: 1 },
  ...(
    [
      ["AT", "Rakousko", "Austria"],
      ["BE", "Belgie", "Belgium"],
      ["BG", "Bulharsko", "Bulgaria"],
      ["CY", "Kypr", "Cyprus"],
      ["DE", "Německo", "Germany"],
      ["DK", "Dánsko", "Denmark"],
      ["EE", "Estonsko", "Estonia"],
      ["ES", "Španělsko", "Spain"],
      ["FI", "Finsko", "Finland"],
      ["FR", "Francie", "France"],
      ["GB", "Spojené království", "United Kingdom"],
      ["GR", "Řecko", "Greece"],
      ["HR", "Chorvatsko", "Croatia"],
      ["HU", "Maďarsko", "Hungary"],
      ["IE", "Irsko", "Ireland"],
      ["IT", "Itálie", "Italy"],
      ["LT", "Litva", "Lithuania"],
      ["LU", "Lucembursko", "Luxembourg"],
      ["LV", "Lotyšsko", "Latvia"],
      ["MT", "Malta", "Malta"],
      ["NL", "Nizozemsko", "Netherlands"],
      ["PL", "Polsko", "Poland"],
      ["PT", "Portugalsko", "Portugal"],
      ["RO", "Rumunsko", "Romania"],
      ["SE", "Švédsko", "Sweden"],
      ["SI", "Slovinsko", "Slovenia"],
      ["CH", "Švýcarsko", "Switzerland"],
      ["NO", "Norsko", "Norway"],
    ] as const
  ).map(([code, nameCs, nameEn]) => ({ code, nameCs, nameEn, position: 10 })),
];
