import type { Db } from "#server/db/client.ts";
import { createDiagnosticsListing } from "../listings/index.ts";
import { userIdByEmail } from "../users/index.ts";

/**
 * Support for the browser tests only (reached through /__diagnostics/auction, which exists only
 * when the server runs with E2E_DIAGNOSTICS=1): a fresh auction of a demo seller that ends when the
 * test needs it, since a real one runs for 7 days and the e2e server's database is out of the
 * test's reach. The listings module lays it down (createDiagnosticsListing); null when the seller
 * or a seeded live auction to borrow from is missing.
 */
export async function createDiagnosticsAuction(
  db: Db,
  input: { sellerEmail: string; startPriceMinor: number; endsAt: Date; name: string },
): Promise<number | null> {
  const sellerId = await userIdByEmail(db, input.sellerEmail);
  if (sellerId === null) return null;
  return createDiagnosticsListing(db, {
    sellerId,
    startPriceMinor: input.startPriceMinor,
    endsAt: input.endsAt,
    name: input.name,
  });
}
