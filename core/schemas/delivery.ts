import { z } from "zod";

/**
 * The delivery options a seller offers on a listing sold through the site (docs/product/deals.md,
 * "Delivery"): a Czech carrier with its price, or personal pickup in a town. The all-in total of
 * the bid box reads them (core/rules/delivery.ts). Custom messages are i18n keys.
 */

/** The carriers a seller may offer, in the order the form lists them. */
export const CARRIERS = ["zasilkovna", "ppl", "ceska_posta", "dpd", "gls"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The highest delivery price a seller may ask: 2 000 Kč, above any parcel of bottles or boxes. */
export const MAX_DELIVERY_PRICE_MINOR = 200_000;

/** The most options one listing may carry: every carrier and pickup. */
export const MAX_DELIVERY_OPTIONS = CARRIERS.length + 1;

const shipping = z.strictObject({
  carrier: z.enum(CARRIERS),
  /** CZK minor units, what the buyer pays the seller for this carrier to the Czech Republic. */
  priceMinor: z
    .number("validation.deliveryPrice")
    .int("validation.deliveryPrice")
    .min(0, "validation.deliveryPrice")
    .max(MAX_DELIVERY_PRICE_MINOR, "validation.deliveryPriceMax"),
});

const pickup = z.strictObject({
  carrier: z.literal("pickup"),
  /** The town where the buyer picks the item up from the seller. */
  town: z.string().trim().min(2, "validation.deliveryTown").max(80, "validation.deliveryTown"),
});

/** One option: a carrier with its price, or personal pickup with its town. */
export const deliveryOptionSchema = z.discriminatedUnion("carrier", [shipping, pickup]);

export type ShippingOption = z.infer<typeof shipping>;
export type PickupOption = z.infer<typeof pickup>;
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/** A listing's options: at least one, each carrier (and pickup) at most once. */
export const deliveryOptionsSchema = z
  .array(deliveryOptionSchema)
  .min(1, "validation.deliveryRequired")
  .max(MAX_DELIVERY_OPTIONS, "validation.deliveryDuplicate")
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.forEach((option, index) => {
      if (seen.has(option.carrier))
        ctx.addIssue({ code: "custom", path: [index, "carrier"], message: "validation.deliveryDuplicate" });
      seen.add(option.carrier);
    });
  });
