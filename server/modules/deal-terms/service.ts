import { eq, inArray } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { err, ok, type Result } from "#core/result.ts";
import { deliveryOptionsSchema } from "#core/schemas/delivery.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { SettingsService } from "../settings/index.ts";
import { availableDealFees, dealsAvailable } from "./availability.ts";
import type { DealTerms } from "./contracts.ts";
import { listingDealTerms } from "./tables.ts";

export type DealTermsServiceDeps = {
  db: Db;
  settings: Pick<SettingsService, "get">;
  /** A payment provider is configured: without one no deal is offered (default true for tests). */
  providerConfigured?: boolean;
  now?: () => Date;
};

/** A refusal of terms: their problems under `deliveryOptions.<index>.<field>` (message keys). */
export type DealTermsRefusal = Result<never, "invalid", FieldProblems>;

/**
 * The seller's deal terms of a listing (issue 35, ADR 0075): read one or many, save or clear them.
 * The options are checked by the shared schema here too, whatever the caller checked: nothing
 * unchecked reaches the table the deals will be priced from. Answers in codes (core/result.ts).
 */
export function createDealTermsService({
  db,
  settings,
  providerConfigured = true,
  now = () => new Date(),
}: DealTermsServiceDeps) {
  const termsOfMany = async (productIds: readonly number[], tx: Db = db): Promise<Map<number, DealTerms>> => {
    if (productIds.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(listingDealTerms)
      .where(inArray(listingDealTerms.productId, [...productIds]));
    return new Map(
      rows.map((row) => [
        row.productId,
        { paysThroughSite: row.paysThroughSite, deliveryOptions: row.deliveryOptions },
      ]),
    );
  };

  return {
    /** The listing's terms, or null when the seller set none. */
    termsOf: async (productId: number, tx: Db = db): Promise<DealTerms | null> =>
      (await termsOfMany([productId], tx)).get(productId) ?? null,
    /** The terms of several listings, by product id (listings without terms are absent). */
    termsOfMany,
    /**
     * Saves the listing's terms (null clears them), in the caller's transaction when given. The
     * listing must exist (its key is checked by the database).
     */
    save: async (
      productId: number,
      terms: DealTerms | null,
      tx: Db = db,
    ): Promise<Result<DealTerms | null> | DealTermsRefusal> => {
      if (terms === null) {
        await tx.delete(listingDealTerms).where(eq(listingDealTerms.productId, productId));
        return ok(null);
      }
      const parsed = deliveryOptionsSchema.safeParse(terms.deliveryOptions);
      if (!parsed.success)
        return err(
          "invalid",
          issuesToFieldProblems(
            parsed.error.issues.map((issue) => ({ ...issue, path: ["deliveryOptions", ...issue.path] })),
          ),
        );
      const row = { paysThroughSite: terms.paysThroughSite, deliveryOptions: parsed.data, updatedAt: now() };
      await tx
        .insert(listingDealTerms)
        .values({ productId, ...row })
        .onConflictDoUpdate({ target: listingDealTerms.productId, set: row });
      return ok({ paysThroughSite: row.paysThroughSite, deliveryOptions: row.deliveryOptions });
    },
    /** Whether deals through the site are offered now (the `deals` setting; availability.ts). */
    dealsAvailable: () => dealsAvailable(settings, providerConfigured),
    /** The deals' fees when deals are offered, else null. */
    availableDealFees: () => availableDealFees(settings, providerConfigured),
  };
}

export type DealTermsService = ReturnType<typeof createDealTermsService>;
