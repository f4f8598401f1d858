import type { FieldProblems, Problem } from "#core/contracts/errors.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import type { ListingInput } from "#core/schemas/listing.ts";
import { brandNameKey } from "#server/modules/catalog/index.ts";
import { addError } from "../outcomes.ts";
import type { Product } from "../tables/products.ts";
import type { ResolvedListing } from "../types.ts";

/** The problem of a key (core/validation problem()): the page says it. */
type Translate = (key: MessageKey) => Problem;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * After the first bid only the description and the images may change, and no image may go:
 * bidders bid on what they saw (docs/product/lifecycles.md, "Edit locks").
 */
export function checkAfterBid(
  errors: FieldProblems,
  change: { input: ListingInput; data: ResolvedListing; stored: ListingInput; row: Product },
  storedImageIds: number[],
  t: Translate,
) {
  const { input, data, stored, row } = change;
  const locked: [string, boolean][] = [
    ["type", same(input.type, stored.type)],
    ["categoryId", same(input.categoryId, stored.categoryId)],
    ["subcategoryId", same(input.subcategoryId, stored.subcategoryId)],
    ["brand", brandNameKey(input.brand ?? "") === brandNameKey(stored.brand ?? "")],
    ["packageId", same(input.packageId, stored.packageId)],
    ["name", same(input.name, stored.name)],
    ["priceMinor", same(input.priceMinor, stored.priceMinor)],
    ["reservePriceMinor", same(input.reservePriceMinor, stored.reservePriceMinor)],
    ["buyNowPriceMinor", same(input.buyNowPriceMinor, stored.buyNowPriceMinor)],
    ["duration", same(data.duration, row.auctionDuration)],
  ];
  for (const [field, unchanged] of locked)
    if (!unchanged) addError(errors, field, t("listings.errors.lockedAfterBid"));
  const keptIds = new Set(input.images.filter((ref) => typeof ref === "number"));
  if (storedImageIds.some((id) => !keptIds.has(id)))
    addError(errors, "images", t("listings.errors.imagesKeptAfterBid"));
}

/**
 * Once paid or released, the type, the way of selling (price or by agreement), the duration and
 * the activation date are fixed: they decided the fee and the dates. A scheduled listing may
 * still move its start.
 */
export function checkReleased(
  errors: FieldProblems,
  change: { input: ListingInput; data: ResolvedListing; row: Product },
  t: Translate,
) {
  const { input, data, row } = change;
  if (data.format !== row.format || data.type !== row.type)
    addError(errors, data.type !== row.type ? "type" : "priceMinor", t("listings.errors.lockedReleased"));
  if (!same(data.duration, row.auctionDuration))
    addError(errors, "duration", t("listings.errors.lockedReleased"));
  const wanted = data.activationAt?.getTime() ?? null;
  const current = row.activationAt?.getTime() ?? null;
  if (input.activationAt != null && wanted !== current && row.status !== "scheduled")
    addError(errors, "activationAt", t("listings.errors.lockedReleased"));
}
