import type { FieldErrors } from "#core/contracts/errors.ts";
import type { DraftAddress } from "#core/contracts/shop.ts";
import { translate } from "#core/i18n/index.ts";
import { DeliveryStepSchema, type DetailsStepInput, DetailsStepSchema } from "#core/schemas/checkout.ts";
import { issuesToFieldErrors, translateProblems } from "#core/validation/field-errors.ts";
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

const emptyCart = (who: Shopper) =>
  ({ status: "refused", message: translate(who.locale, "checkout.errors.emptyCart") }) as const;

export async function saveDelivery(ctx: ShopContext, who: Shopper, input: unknown): Promise<ShopResult> {
  const parsed = DeliveryStepSchema.safeParse(input);
  if (!parsed.success)
    return { status: "invalid", errors: issuesToFieldErrors(parsed.error.issues, who.locale) };
  const { row, view, options, draft } = await cartState(ctx, who);
  if (!row || view.lines.length === 0) return emptyCart(who);
  if (options.carriers.length === 0 && options.branches.length === 0)
    return { status: "refused", message: translate(who.locale, "checkout.errors.storeUnavailable") };
  const delivery = resolveDelivery(options, parsed.data.delivery);
  if (delivery.kind === "unknown")
    return {
      status: "invalid",
      errors: { delivery: [translate(who.locale, "checkout.errors.unknownDelivery")] },
    };
  const problem = paymentProblem(options, delivery, parsed.data.payment);
  if (problem) return { status: "invalid", errors: { payment: [translate(who.locale, problem)] } };
  await touchCart(ctx.db, row.id, {
    draft: { ...draft, delivery: parsed.data.delivery, payment: parsed.data.payment },
  });
  return { status: "ok" };
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

/** The carrier does not go to the address's country: the error on that address's country field. */
export function carrierCountryErrors(
  who: Pick<Shopper, "locale">,
  delivery: ResolvedDelivery,
  address: { countryCode: string } | null,
  field: string,
): FieldErrors {
  if (delivery.kind !== "carrier" || !address) return {};
  if ((delivery.carrier.countries as string[]).includes(address.countryCode)) return {};
  const message = translate(who.locale, "checkout.errors.carrierCountry", { carrier: delivery.carrier.name });
  return { [`${field}.countryCode`]: [message] };
}

/** A guest's account to open with the order: the password's rules and the clashes, else its hash. */
async function accountToOpen(
  ctx: ShopContext,
  who: Shopper,
  input: DetailsStepInput,
): Promise<{ errors: FieldErrors; account: StoredDraft["account"] }> {
  if (who.userId !== null || !input.register) return { errors: {}, account: null };
  const password = input.password ?? "";
  const errors = translateProblems(who.locale, {
    ...ctx.ports.accounts.passwordProblems({
      email: input.email,
      password,
      passwordConfirmation: input.passwordConfirmation ?? "",
    }),
    ...(await ctx.ports.accounts.clashes({ email: input.email, phone: input.phone })),
  });
  if (Object.keys(errors).length > 0) return { errors, account: null };
  return { errors, account: { passwordHash: await ctx.ports.accounts.hashPassword(password) } };
}

export async function saveDetails(ctx: ShopContext, who: Shopper, input: unknown): Promise<ShopResult> {
  const parsed = DetailsStepSchema.safeParse(input);
  if (!parsed.success)
    return { status: "invalid", errors: issuesToFieldErrors(parsed.error.issues, who.locale) };
  const details = parsed.data;
  const { row, view, delivery, draft } = await cartState(ctx, who);
  if (!row || view.lines.length === 0) return emptyCart(who);
  const pickup = delivery.kind === "pickup";
  const invoiceAddress = asDraftAddress(details.invoice);
  const deliveryAddress = pickup || !details.delivery ? null : asDraftAddress(details.delivery);
  const errors = pickup
    ? {}
    : details.sameAddress || !deliveryAddress
      ? carrierCountryErrors(who, delivery, invoiceAddress, "invoice")
      : carrierCountryErrors(who, delivery, deliveryAddress, "delivery");
  const { errors: accountErrors, account } = Object.keys(errors).length
    ? { errors: {}, account: null }
    : await accountToOpen(ctx, who, details);
  Object.assign(errors, accountErrors);
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };
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
  return { status: "ok" };
}
