import type { Db } from "#server/db/client.ts";
import { takenSlots } from "../listing-reads/index.ts";
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
  input: DiagnosticsAuctionInput,
): Promise<number | null> {
  const { sellerEmail, ...listing } = input;
  const sellerId = await userIdByEmail(db, sellerEmail);
  if (sellerId === null) return null;
  return createDiagnosticsListing(db, { sellerId, ...listing });
}

export type DiagnosticsAuctionInput = {
  sellerEmail: string;
  startPriceMinor: number;
  endsAt: Date;
  name: string;
  buyNowPriceMinor?: number | null;
  auctionDuration?: "week" | "month";
};

/**
 * A monthly round in its close for the browser tests (tests/e2e/deals-buy-now.spec.ts): monthly lots of
 * a seller ending at `roundCloseAt`, given their slots by the sweeper's own draw (`assignRound`,
 * the step the integration test monthly-close.test.ts drives), then the round's lots as they are
 * stored: each one's slot and end. Null when the seller or a live auction to borrow from is missing.
 */
export async function createDiagnosticsRound(
  deps: { db: Db; assignRound: (roundCloseAt: Date) => Promise<number> },
  input: { sellerEmail: string; names: string[]; startPriceMinor: number; roundCloseAt: Date },
) {
  const ids: number[] = [];
  for (const name of input.names) {
    const id = await createDiagnosticsAuction(deps.db, {
      sellerEmail: input.sellerEmail,
      startPriceMinor: input.startPriceMinor,
      endsAt: input.roundCloseAt,
      name,
      auctionDuration: "month",
    });
    if (id === null) return null;
    ids.push(id);
  }
  await deps.assignRound(input.roundCloseAt);
  const slots = await takenSlots(deps.db, input.roundCloseAt);
  return slots.filter((lot) => ids.includes(lot.id)).map(({ id, closeSlot }) => ({ id, slot: closeSlot }));
}
