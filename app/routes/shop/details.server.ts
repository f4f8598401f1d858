import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { loadOptions, loadStep, shopperOf, stepPath } from "#app/features/shop/shopper.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { type DraftAddress, PICKUP_PREFIX } from "#core/contracts/shop.ts";
import { shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { DetailsStepSchema } from "#core/schemas/checkout.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** What the details form starts with: the draft's answers, else the account's saved data. */
export type DetailsDefaults = {
  email: string;
  phone: string;
  invoice: DraftAddress;
  delivery: DraftAddress;
  sameAddress: boolean;
  note: string;
};

const EMPTY_ADDRESS: DraftAddress = {
  name: "",
  street: "",
  city: "",
  zip: "",
  countryCode: "CZ",
  isCompany: false,
  company: "",
  companyId: "",
  taxId: "",
};

type SavedAddress = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string | null;
  isCompany: boolean;
  company: string | null;
  companyId: string | null;
  taxId: string | null;
} | null;

const fromAccount = (address: SavedAddress): DraftAddress | null =>
  address
    ? {
        name: address.name,
        street: address.street,
        city: address.city,
        zip: address.zip,
        // The shop delivers to the Czech Republic and Slovakia only.
        countryCode: address.countryCode === "SK" ? "SK" : "CZ",
        isCompany: address.isCompany,
        company: address.company ?? "",
        companyId: address.companyId ?? "",
        taxId: address.taxId ?? "",
      }
    : null;

/** The account's e-mail, phone and addresses (services.accountData, as the invoice page reads them). */
async function accountDefaults(context: Readonly<RouterContextProvider>, userId: number) {
  const { services } = context.get(appContext);
  const [profile, addresses] = await Promise.all([
    services.accountData.profile(userId),
    services.accountData.addresses(userId),
  ]);
  return {
    email: profile?.email ?? "",
    phone: profile?.phone ? `${profile.phonePrefix ?? ""}${profile.phone}` : "",
    invoice: fromAccount(addresses.invoice) ?? fromAccount(addresses.contact),
    delivery: fromAccount(addresses.delivery),
  };
}

/** The cart, the chosen delivery (pickup needs no address) and the form's starting values. */
export async function loadDetailsStep({ request, context }: Args) {
  const { user } = context.get(appContext);
  const cart = await loadStep(request, context, "details");
  const options = await loadOptions(context);
  const { draft } = cart;
  const account = user ? await accountDefaults(context, user.id) : null;
  const defaults: DetailsDefaults = {
    email: draft.email || account?.email || "",
    phone: draft.phone || account?.phone || "",
    invoice: draft.invoiceAddress ?? account?.invoice ?? EMPTY_ADDRESS,
    delivery: draft.deliveryAddress ?? account?.delivery ?? EMPTY_ADDRESS,
    sameAddress: draft.invoiceAddress ? draft.sameAddress : !account?.delivery,
    note: draft.note,
  };
  const branchKey = draft.delivery?.startsWith(PICKUP_PREFIX)
    ? draft.delivery.slice(PICKUP_PREFIX.length)
    : null;
  const branch = branchKey ? (options.branches.find((entry) => entry.key === branchKey) ?? null) : null;
  return { cart, defaults, pickup: branchKey !== null, branch, signedInAs: user?.email ?? null };
}

/** Who orders and where it goes: saved on the cart (a guest's account only opens with the order). */
export async function detailsAction({ request, context }: Args) {
  const { services, locale, logger } = context.get(appContext);
  const submission = parseForm(await request.formData(), DetailsStepSchema, locale);
  const hidden = ["password", "passwordConfirmation"];
  const answer = (result: FormReply, status: number) => data({ result }, { status });
  if (submission.status !== "success") return answer(submission.reply({ hideFields: hidden }), 422);
  let result: Awaited<ReturnType<typeof services.shop.saveDetails>>;
  try {
    result = await services.shop.saveDetails(shopperOf(request, context), submission.value);
  } catch (error) {
    logger.error({ err: error }, "shop: the order's details could not be saved");
    const formErrors = [translate(locale, "shop.cart.errors.save")];
    return answer(submission.reply({ formErrors, hideFields: hidden }), 503);
  }
  if (!result.ok && result.code === "invalid") {
    const fieldErrors = translateProblems(locale, result.details);
    return answer(submission.reply({ fieldErrors, hideFields: hidden }), 422);
  }
  if (!result.ok) {
    const formErrors = [shopRefusalMessage(locale, result)];
    return answer(submission.reply({ formErrors, hideFields: hidden }), 409);
  }
  throw redirect(stepPath("review", locale));
}
