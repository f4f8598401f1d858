import type { FieldProblems } from "#core/contracts/errors.ts";
import type { DraftAddress } from "#core/contracts/shop.ts";
import { err, ok } from "#core/result.ts";
import { DeliveryStepSchema, type DetailsStepInput, DetailsStepSchema } from "#core/schemas/checkout.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import { paymentProblem, type ResolvedDelivery, resolveDelivery } from "./options.ts";
import { type StoredDraft, touchCart } from "./rows.ts";
import type { Shopper, ShopResult } from "./types.ts";
import { cartState, type ShopContext } from "./view.ts";

/**
 * The checkout's two answering steps (docs/product/shop.md, "Checkout"), each saved on the cart:
 * delivery and payment (a known carrier or branch; pickup only with a card payment; cash on
 * delivery only where the carrier takes it), then who orders and where it goes (the carrier must
 * serve the country; a guest may ask for an account, opened when the order is placed).
 */

export async function saveDelivery(ctx: ShopContext, who: Shopper, input: unknown): Promise<ShopResult> {
  const parsed = DeliveryStepSchema.safeParse(input);
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  const { row, view, options, draft } = await cartState(ctx, who);
  if (!row || view.lines.length === 0) return err("empty_cart");
  if (options.carriers.length === 0 && options.branches.length === 0) return err("store_unavailable");
  const delivery = resolveDelivery(options, parsed.data.delivery);
  if (delivery.kind === "unknown")
    return err("invalid", { delivery: [{ key: "checkout.errors.unknownDelivery" }] });
  const problem = paymentProblem(options, delivery, parsed.data.payment);
  if (problem) return err("invalid", { payment: [{ key: problem }] });
  await touchCart(ctx.db, row.id, {
    draft: { ...draft, delivery: parsed.data.delivery, payment: parsed.data.payment },
  });
  return ok();
}

const asDraftAddress = (address: DetailsStepInput["invoice"]): DraftAddress => ({
  name: address.name,
  street: address.street,
  city: address.city,
  zip: address.zip,
  countryCode: address.countryCode,
  isCompany: address.company !== null,
  company: address.company ?? "",
  companyId: address.companyId ?? "",
  taxId: address.taxId ?? "",
});

/** The carrier does not go to the address's country: the problem on that address's country field. */
export function carrierCountryProblems(
  delivery: ResolvedDelivery,
  address: { countryCode: string } | null,
  field: string,
): FieldProblems {
  if (delivery.kind !== "carrier" || !address) return {};
  if ((delivery.carrier.countries as string[]).includes(address.countryCode)) return {};
  const problem = {
    key: "checkout.errors.carrierCountry" as const,
    values: { carrier: delivery.carrier.name },
  };
  return { [`${field}.countryCode`]: [problem] };
}

/** A guest's account to open with the order: the password's rules and the clashes, else its hash. */
async function accountToOpen(
  ctx: ShopContext,
  who: Shopper,
  input: DetailsStepInput,
): Promise<{ errors: FieldProblems; account: StoredDraft["account"] }> {
  if (who.userId !== null || !input.register) return { errors: {}, account: null };
  const password = input.password ?? "";
  const errors = {
    ...ctx.ports.accounts.passwordProblems({
      email: input.email,
      password,
      passwordConfirmation: input.passwordConfirmation ?? "",
    }),
    ...(await ctx.ports.accounts.clashes({ email: input.email, phone: input.phone })),
  };
  if (Object.keys(errors).length > 0) return { errors, account: null };
  return { errors, account: { passwordHash: await ctx.ports.accounts.hashPassword(password) } };
}

export async function saveDetails(ctx: ShopContext, who: Shopper, input: unknown): Promise<ShopResult> {
  const parsed = DetailsStepSchema.safeParse(input);
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  const details = parsed.data;
  const { row, view, delivery, draft } = await cartState(ctx, who);
  if (!row || view.lines.length === 0) return err("empty_cart");
  const pickup = delivery.kind === "pickup";
  const invoiceAddress = asDraftAddress(details.invoice);
  const deliveryAddress = pickup || !details.delivery ? null : asDraftAddress(details.delivery);
  const errors: FieldProblems = pickup
    ? {}
    : details.sameAddress || !deliveryAddress
      ? carrierCountryProblems(delivery, invoiceAddress, "invoice")
      : carrierCountryProblems(delivery, deliveryAddress, "delivery");
  const { errors: accountErrors, account } = Object.keys(errors).length
    ? { errors: {}, account: null }
    : await accountToOpen(ctx, who, details);
  Object.assign(errors, accountErrors);
  if (Object.keys(errors).length > 0) return err("invalid", errors);
  await touchCart(ctx.db, row.id, {
    draft: {
      ...draft,
      email: details.email,
      phone: details.phone,
      invoiceAddress,
      deliveryAddress,
      sameAddress: pickup ? true : details.sameAddress,
      note: details.note,
      account,
    },
  });
  return ok();
}
