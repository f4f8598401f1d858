import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { addresses } from "../tables.ts";
import { type AddressView, loadUser, toAddressView } from "./shared.ts";

/**
 * The export's sections in the order the file has always had them (after the profile and the
 * addresses); a section a module adds later comes after these.
 */
const SECTION_ORDER = [
  "listings",
  "bids",
  "wonAuctions",
  "wishlist",
  "messagesSent",
  "reviews",
  "watchdogs",
  "newsletterSubscriptions",
  "orders",
  "sessions",
];

function inOrder(sections: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const name of SECTION_ORDER) if (name in sections) ordered[name] = sections[name];
  for (const [name, value] of Object.entries(sections)) if (!(name in ordered)) ordered[name] = value;
  return ordered;
}

export type AccountExport = {
  exportedAt: string;
  profile: Record<string, unknown>;
  addresses: AddressView[];
  [section: string]: unknown;
};

/**
 * Everything the platform holds about the user (GDPR art. 15 and 20), as plain JSON: profile,
 * addresses, and each module's sections (listings, bids, won auctions, wishlist, messages they
 * wrote, reviews, watchdogs, newsletter subscriptions, orders, sessions without token hashes).
 * Money in CZK minor units. Null for an unknown or deleted account.
 */
export async function exportData(
  deps: { db: Db; personalData: PersonalDataSource[]; now: () => Date },
  userId: number,
): Promise<AccountExport | null> {
  const user = await loadUser(deps.db, userId);
  if (!user) return null;
  const subject = { userId, email: user.email };
  const [addressRows, ...sections] = await Promise.all([
    deps.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    ...deps.personalData.map((source) => source.exportFor(subject)),
  ]);
  return {
    exportedAt: deps.now().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      phonePrefix: user.phonePrefix,
      phone: user.phone,
      locale: user.locale,
      avatarFileName: user.avatarFileName,
      notificationPreferences: user.notificationPreferences,
      createdAt: user.createdAt,
      emailConfirmedAt: user.emailConfirmedAt,
      adultConfirmedAt: user.adultConfirmedAt,
      verifiedAt: user.verifiedAt,
      lastLoginAt: user.lastLoginAt,
    },
    addresses: addressRows.map(toAddressView),
    ...inOrder(Object.assign({}, ...sections)),
  };
}
