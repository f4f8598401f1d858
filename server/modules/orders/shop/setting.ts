import type { Branch, Carrier, ShopCountry } from "#core/contracts/shop.ts";
import { PICKUP_PREFIX } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { createSettingsService } from "../../settings/index.ts";

/**
 * The `shop` setting as a shop order's summary and mails read it (the settings module checks it
 * against its schema on save): the carriers and branches its delivery names, in one language.
 * Read through the caller's executor: inside an order's transaction, through that transaction
 * (PGlite has one connection, and a read beside the transaction would wait for it forever).
 */
type Stored = {
  carriers: (Omit<Carrier, "description"> & {
    description: Record<Locale, string>;
    countries: ShopCountry[];
  })[];
  branches: (Omit<Branch, "hours"> & { hours: Record<Locale, string[]> })[];
  reservationHours: number;
};

async function stored(executor: Db): Promise<Stored> {
  const value = (await createSettingsService(executor).get("shop")) as Partial<Stored> | null | undefined;
  return {
    carriers: Array.isArray(value?.carriers) ? value.carriers : [],
    branches: Array.isArray(value?.branches) ? value.branches : [],
    reservationHours: typeof value?.reservationHours === "number" ? value.reservationHours : 72,
  };
}

export type OrderDelivery =
  | { kind: "carrier"; carrier: Carrier | null; key: string }
  | { kind: "pickup"; branch: Branch | null; key: string };

/** The order's `carrier` column read against the setting (null inside: no longer offered). */
export async function deliveryOf(executor: Db, choice: string, locale: Locale): Promise<OrderDelivery> {
  const setting = await stored(executor);
  if (choice.startsWith(PICKUP_PREFIX)) {
    const key = choice.slice(PICKUP_PREFIX.length);
    const branch = setting.branches.find((b) => b.key === key);
    return { kind: "pickup", key, branch: branch ? { ...branch, hours: branch.hours[locale] ?? [] } : null };
  }
  const carrier = setting.carriers.find((c) => c.key === choice);
  return {
    kind: "carrier",
    key: choice,
    carrier: carrier ? { ...carrier, description: carrier.description[locale] ?? "" } : null,
  };
}

/** The delivery's name for a line or a mail: the carrier's, or the branch's. */
export function deliveryName(delivery: OrderDelivery): string {
  if (delivery.kind === "pickup") return delivery.branch?.name ?? delivery.key;
  return delivery.carrier?.name ?? delivery.key;
}
