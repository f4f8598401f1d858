import type { FieldErrors } from "#core/contracts/errors.ts";
import { type ShopMessageRefusal, shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import type { Locale } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Db } from "../db/client.ts";
import { vouchers } from "../modules/orders/tables.ts";
import type { Shopper, ShopResult, ShopService } from "../modules/shop/index.ts";
import { insertCategory, insertProduct } from "./fixtures.ts";

/**
 * The shop's test rows: the `shop` setting (three carriers, two branches), shop products and
 * vouchers, inserted directly; and shoppers.
 */

export const SHOP_SETTING = {
  carriers: [
    {
      key: "zasilkovna",
      name: "Zásilkovna",
      description: { cs: "Výdejní místo", en: "Pickup point" },
      priceMinor: 7_900,
      codFeeMinor: 3_900,
      countries: ["CZ", "SK"],
    },
    {
      key: "ppl",
      name: "PPL",
      description: { cs: "Na adresu", en: "To the door" },
      priceMinor: 12_900,
      codFeeMinor: null,
      countries: ["CZ"],
    },
  ],
  branches: [
    {
      key: "praha-vinohrady",
      name: "Praha Vinohrady",
      street: "Vinohradská 1",
      city: "Praha",
      zip: "120 00",
      prague: true,
      hours: { cs: ["Po–Pá 10–19"], en: ["Mon–Fri 10–19"] },
    },
    {
      key: "brno",
      name: "Brno",
      street: "Masarykova 2",
      city: "Brno",
      zip: "602 00",
      prague: false,
      hours: { cs: ["Po–Pá 9–18"], en: ["Mon–Fri 9–18"] },
    },
  ],
  reservationHours: 48,
};

export const SHOP_ENV = { PAYMENTS_TEST_GATEWAY: "true", BANK_ACCOUNT_IBAN: "CZ6508000000192000145399" };

export async function insertShopProducts(db: Db) {
  const category = await insertCategory(db);
  const product = (priceMinor: number, stock: number, extra: Record<string, unknown> = {}) =>
    insertProduct(db, { categoryId: category.id, priceMinor, stock, ...extra });
  return {
    rum: await product(89_000, 5),
    whisky: await product(120_000, 3),
    cigar: await product(15_000, 10, { taxRate: 12 }),
    soldOut: await product(50_000, 0),
    hidden: await product(40_000, 4, { status: "ended" }),
  };
}

export async function insertVoucher(
  db: Db,
  values: Partial<typeof vouchers.$inferInsert> & { code: string },
) {
  const [row] = await db
    .insert(vouchers)
    .values({ kind: "percent", value: 10, ...values })
    .returning();
  return row;
}

export const guest = (cartToken: string | null = null, locale: "cs" | "en" = "cs"): Shopper => ({
  userId: null,
  email: null,
  groupDiscountPercent: 0,
  cartToken,
  locale,
});

export const member = (user: { id: number; email: string }, groupDiscountPercent = 0): Shopper => ({
  userId: user.id,
  email: user.email,
  groupDiscountPercent,
  cartToken: null,
  locale: "cs",
});

export const ADDRESS = {
  name: "Jan Novák",
  street: "Dlouhá 1",
  city: "Praha",
  zip: "110 00",
  countryCode: "CZ",
};

/** A shop answer as the pages say it (ADR 0068): the value, the fields' texts, or the refusal's message. */
export type SaidShop<T> =
  | ({ status: "ok" } & (T extends object ? T : unknown))
  | { status: "invalid"; errors: FieldErrors }
  | { status: ShopMessageRefusal["code"]; message: string; retryAfterSeconds?: number };

export function sayShop<T>(result: ShopResult<T>, locale: Locale = "cs"): SaidShop<T> {
  if (result.ok) return { status: "ok", ...(result.value ?? {}) } as SaidShop<T>;
  if (result.code === "invalid")
    return { status: "invalid", errors: translateProblems(locale, result.details) };
  const message = shopRefusalMessage(locale, result);
  if (result.code === "limited")
    return { status: "limited", message, retryAfterSeconds: result.details.retryAfterSeconds };
  return { status: result.code, message };
}

/** The shop service whose answers are said (`sayShop`), so a test reads what the customer reads. */
export type SayingShop = {
  [K in keyof ShopService]: ShopService[K] extends (...args: infer A) => Promise<ShopResult<infer T>>
    ? (...args: A) => Promise<SaidShop<T>>
    : ShopService[K];
};

const isShopResult = (value: unknown): value is ShopResult<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";

export function sayingShop(shop: ShopService, locale: Locale = "cs"): SayingShop {
  return new Proxy(shop, {
    get(target, key) {
      const member = target[key as keyof ShopService];
      if (typeof member !== "function") return member;
      return async (...args: unknown[]) => {
        const answer = await (member as (...args: unknown[]) => Promise<unknown>)(...args);
        return isShopResult(answer) ? sayShop(answer, locale) : answer;
      };
    },
  }) as unknown as SayingShop;
}
