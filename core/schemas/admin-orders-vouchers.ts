import { z } from "zod";
import { VOUCHER_KINDS } from "#core/rules/vouchers.ts";

/**
 * A voucher as the back office edits it (docs/product/payments.md, "Vouchers"): every rule the
 * shop enforces. Amounts in whole CZK on the form (stored in haléře), dates as the form's local
 * date and time in Prague (converted by the caller), limits empty for none.
 */
export const ADMIN_VOUCHER_SORTS = ["createdAt", "code"] as const;

const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : value),
    z.coerce.number({ message: "validation.numeric" }).int("validation.numeric").min(min).max(max).optional(),
  );

const localDateTime = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "validation.invalid")
    .optional(),
);

/** A user's number as the influencer field takes it (an int4 id has at most 10 digits). */
export const USER_NUMBER = /^\d{1,10}$/;

/**
 * The influencer who sees the voucher's statistics: a user's e-mail or number, as the operator
 * knows them (a number in JSON is taken too). Which account it is, or that there is none, the
 * payments module asks the users module (server/modules/orders/shop/voucher-admin.ts).
 */
const influencer = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value === "" || value === null ? undefined : value),
  z
    .string()
    .trim()
    .max(254)
    .refine((value) => USER_NUMBER.test(value) || z.email().safeParse(value).success, {
      error: "adminOrders.vouchers.errors.influencerFormat",
    })
    .optional(),
);

export const AdminVoucherSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, "validation.required")
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, "adminOrders.vouchers.errors.codeChars"),
    kind: z.enum(VOUCHER_KINDS),
    value: z.coerce.number({ message: "validation.numeric" }).int("validation.numeric").min(1).max(1_000_000),
    minCart: optionalInt(1, 10_000_000),
    validFrom: localDateTime,
    validTo: localDateTime,
    usageLimitTotal: optionalInt(1, 1_000_000),
    usageLimitPerUser: optionalInt(1, 1_000),
    requiresEmail: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().trim().email("validation.email").max(200).optional(),
    ),
    influencer,
    marginPercent: optionalInt(0, 100),
    isActive: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  })
  .superRefine((voucher, ctx) => {
    if (voucher.kind === "percent" && voucher.value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: "adminOrders.vouchers.errors.percent" });
    if (voucher.validFrom && voucher.validTo && voucher.validFrom >= voucher.validTo)
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "adminOrders.vouchers.errors.dates" });
    if (voucher.marginPercent !== undefined && voucher.influencer === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["influencer"],
        message: "adminOrders.vouchers.errors.marginWithoutInfluencer",
      });
  });

export type AdminVoucherInput = z.infer<typeof AdminVoucherSchema>;
