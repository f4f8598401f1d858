import type { Locale } from "#core/i18n/index.ts";
import type { ListingEdit } from "#core/schemas/admin-catalog.ts";
import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/modules/catalog/index.ts";
import { filingOptions } from "#server/modules/catalog/index.ts";
import { refreshSearchText } from "../search/search-index.ts";
import { editListing } from "./listing-edit.ts";

/**
 * The back office's listings (docs/product/back-office.md, "Catalogue"): any listing, read by the read
 * side (listing-reads' createListingAdminReads) and edited here in one transaction with its audit entry; the search text is refreshed
 * after an edit. The categories, brands and packages are the catalogue module's (ADR 0071).
 */

export function createListingAdmin(db: Db) {
  return {
    /** The categories a listing may be filed in (the seller's rule), with their paths. */
    filingOptions: (locale: Locale) => filingOptions(db, locale),
    async editListing(actor: Actor, id: number, input: ListingEdit) {
      const outcome = await editListing(db, actor, id, input);
      if (outcome.ok) await refreshSearchText(db, { productIds: [id] });
      return outcome;
    },
  };
}

export type ListingAdmin = ReturnType<typeof createListingAdmin>;
