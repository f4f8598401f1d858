import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { addresses, users } from "./tables.ts";

/** The address a user bills to, as their account keeps it. */
export type InvoiceAddress = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string | null;
  company: string | null;
  /** IČO */
  companyId: string | null;
  /** DIČ */
  taxId: string | null;
};

/**
 * Whom a tax document names as the customer (the payments module issues it): the user's invoice
 * address (the first, when there are several) and the name the account shows (first and last
 * name, else the username; null for no such user). Read in the caller's transaction, so the
 * document holds them as they are when it is issued.
 */
export async function invoiceDetailsOf(
  tx: Db,
  userId: number,
): Promise<{ displayName: string | null; address: InvoiceAddress | null }> {
  const [address] = await tx
    .select({
      name: addresses.name,
      street: addresses.street,
      city: addresses.city,
      zip: addresses.zip,
      countryCode: addresses.countryCode,
      company: addresses.company,
      companyId: addresses.companyId,
      taxId: addresses.taxId,
    })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, "invoice")))
    .orderBy(asc(addresses.id))
    .limit(1);
  const [user] = await tx
    .select({ firstname: users.firstname, lastname: users.lastname, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  const displayName = [user?.firstname, user?.lastname].filter(Boolean).join(" ") || user?.username || null;
  return { displayName, address: address ?? null };
}
