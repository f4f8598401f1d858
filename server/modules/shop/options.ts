import {
  type Branch,
  type Carrier,
  type CheckoutOptions,
  PICKUP_PREFIX,
  type ShopCountry,
  type ShopPaymentMethod,
} from "#core/contracts/shop.ts";
import type { Locale, MessageKey } from "#core/i18n/index.ts";
import type { ShopPorts } from "./ports.ts";

/**
 * The checkout's choices from the `shop` setting (docs/product/shop.md, "Delivery and payment"):
 * the carriers, the branches for personal pickup, and which payment fits which delivery.
 */

type StoredShopSetting = {
  carriers: {
    key: string;
    name: string;
    description: { cs: string; en: string };
    priceMinor: number;
    codFeeMinor: number | null;
    countries: ShopCountry[];
  }[];
  branches: {
    key: string;
    name: string;
    street: string;
    city: string;
    zip: string;
    prague: boolean;
    hours: { cs: string[]; en: string[] };
  }[];
  reservationHours: number;
};

/** Used when the setting is missing: no carrier, no branch (the cart says the shop cannot deliver). */
const EMPTY: StoredShopSetting = { carriers: [], branches: [], reservationHours: 72 };

function isShopSetting(value: unknown): value is StoredShopSetting {
  const v = value as Partial<StoredShopSetting> | null | undefined;
  return Array.isArray(v?.carriers) && Array.isArray(v?.branches) && typeof v?.reservationHours === "number";
}

export async function checkoutOptions(ports: ShopPorts, locale: Locale): Promise<CheckoutOptions> {
  const stored = await ports.shopSetting();
  const setting = isShopSetting(stored) ? stored : EMPTY;
  const methods = await ports.paymentMethods();
  return {
    carriers: setting.carriers.map(
      (c): Carrier => ({
        key: c.key,
        name: c.name,
        description: c.description[locale],
        priceMinor: c.priceMinor,
        codFeeMinor: c.codFeeMinor,
        countries: c.countries,
      }),
    ),
    branches: setting.branches.map(
      (b): Branch => ({
        key: b.key,
        name: b.name,
        street: b.street,
        city: b.city,
        zip: b.zip,
        prague: b.prague,
        hours: b.hours[locale],
      }),
    ),
    card: methods.card,
    bankTransfer: methods.bankTransfer,
    reservationHours: setting.reservationHours,
  };
}

/** A delivery choice read against the options: a carrier, a branch, or nothing known. */
export type ResolvedDelivery =
  | { kind: "carrier"; carrier: Carrier }
  | { kind: "pickup"; branch: Branch }
  | { kind: "unknown" };

export function resolveDelivery(
  options: CheckoutOptions,
  choice: string | null | undefined,
): ResolvedDelivery {
  if (!choice) return { kind: "unknown" };
  if (choice.startsWith(PICKUP_PREFIX)) {
    const branch = options.branches.find((b) => `${PICKUP_PREFIX}${b.key}` === choice);
    return branch ? { kind: "pickup", branch } : { kind: "unknown" };
  }
  const carrier = options.carriers.find((c) => c.key === choice);
  return carrier ? { kind: "carrier", carrier } : { kind: "unknown" };
}

/**
 * Why this payment cannot go with this delivery, or null when it can: personal pickup only after
 * a card payment online; cash on delivery only with a carrier that takes it; card and transfer
 * only while they are configured.
 */
export function paymentProblem(
  options: CheckoutOptions,
  delivery: ResolvedDelivery,
  payment: ShopPaymentMethod,
): MessageKey | null {
  if (delivery.kind === "unknown") return "checkout.errors.unknownDelivery";
  if (delivery.kind === "pickup" && payment !== "card") return "checkout.errors.pickupNeedsCard";
  if (payment === "card" && !options.card) return "checkout.errors.cardUnavailable";
  if (payment === "bank_transfer" && !options.bankTransfer) return "checkout.errors.transferUnavailable";
  if (payment === "cod" && (delivery.kind !== "carrier" || delivery.carrier.codFeeMinor === null))
    return "checkout.errors.codNotOffered";
  return null;
}

/** The carrier's price and the payment's fee (cash on delivery), before free delivery. */
export function deliveryCosts(delivery: ResolvedDelivery, payment: ShopPaymentMethod | null | undefined) {
  if (delivery.kind !== "carrier") return { carrierPriceMinor: 0, paymentFeeMinor: 0 };
  const fee = payment === "cod" ? (delivery.carrier.codFeeMinor ?? 0) : 0;
  return { carrierPriceMinor: delivery.carrier.priceMinor, paymentFeeMinor: fee };
}
