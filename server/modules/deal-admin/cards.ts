import { inArray } from "drizzle-orm";
import type { DealParty } from "#core/contracts/admin-deals.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { deals } from "../deals/tables.ts";
import { productSummaries } from "../listing-reads/index.ts";
import { partiesOf, productNameOf } from "./reads.ts";

/**
 * The deals as the back office's queues of disputes and unpaid wins show them (issue 35, items 6
 * and 9): both sides, the item, the amount.
 */

export type DealCard = {
  id: number;
  productName: string;
  buyer: DealParty | null;
  seller: DealParty | null;
  totalMinor: number;
  /** A personal pickup (no carrier): its dispute's "not arrived" is a handover that failed. */
  pickup: boolean;
};

/** The deals of these ids as the dispute queue shows them, by id. */
export async function dealCardsOf(db: Db, ids: number[], locale: Locale): Promise<Map<number, DealCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(deals).where(inArray(deals.id, ids));
  const [parties, products] = await Promise.all([
    partiesOf(db, rows),
    productSummaries(
      db,
      rows.map((deal) => deal.productId),
    ),
  ]);
  return new Map(
    rows.map((deal) => [
      deal.id,
      {
        id: deal.id,
        productName: productNameOf(products, deal.productId, locale),
        buyer: parties.get(deal.buyerId) ?? null,
        seller: parties.get(deal.sellerId) ?? null,
        totalMinor: deal.totalMinor,
        pickup: deal.carrier === null,
      },
    ]),
  );
}
