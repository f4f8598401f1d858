import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { MARKETPLACE_METHODS, MarketplaceUnavailableError } from "#core/contracts/marketplace-payments.ts";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { DISPUTE_REASONS } from "#core/lifecycles/dispute.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";
import { ageCheckPath } from "#core/web/age-check-path.ts";
import { photoRefusal, photosOf } from "./dispute-photos.server.ts";

/**
 * The deal page's posts (/ucet/obchody/:dealId): each intent to its step of the deals' service,
 * which checks that the deal is the caller's and the step allowed; the answer is the step's
 * result as the page shows it, in the caller's language.
 */
const readContext = (context: Readonly<RouterContextProvider>) => context.get(appContext);
type Services = ReturnType<typeof readContext>["services"];
type Deals = Pick<Services, "deals" | "disputes" | "listings" | "unpaidWins">;
type Seller = Parameters<Services["listings"]["relistAfterUnpaidWin"]>[0];
type Answer = { ok: true } | { ok: false; code: string; details?: unknown };

const REFUSAL_STATUS: Record<string, number> = {
  not_found: 404,
  invalid: 422,
  invalid_amount: 422,
  wrong_code: 422,
};

function answer(locale: Locale, result: Answer, done: MessageKey | null) {
  if (result.ok) return { error: null, done: done ? translate(locale, done) : null };
  const key = `dealPages.refusal.${result.code}` as MessageKey;
  return data({ error: translate(locale, key), done: null }, { status: REFUSAL_STATUS[result.code] ?? 409 });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Each intent: its step and the text shown when it is done. */
const INTENTS: Record<
  string,
  (
    services: Deals,
    input: { dealId: number; userId: number; user?: Seller; form: FormData; locale: Locale },
  ) => Promise<Answer | Response>
> = {
  async pay(services, { dealId, userId, form, locale }) {
    const method = MARKETPLACE_METHODS.find((one) => one === form.get("method")) ?? "card";
    const started = await services.deals.startPayment(dealId, userId, method, locale);
    // Not yet proved 18+ (issue 36): the age check first, then back to this deal.
    if (!started.ok && started.code === "age_unverified")
      return redirect(ageCheckPath(locale, localePath("accountDeal", locale, { dealId })));
    return started.ok ? redirect(started.value.payUrl) : started;
  },
  ship: (services, { dealId, userId, form }) =>
    services.deals.ship(dealId, userId, { trackingNumber: text(form, "trackingNumber") }),
  confirm: (services, { dealId, userId }) => services.deals.confirmReceipt(dealId, userId),
  choose_delivery: (services, { dealId, userId, form }) =>
    services.deals.chooseDelivery(dealId, userId, text(form, "carrier")),
  hand_over: (services, { dealId, userId }) => services.deals.readyForPickup(dealId, userId),
  pickup_code: (services, { dealId, userId, form }) =>
    services.deals.confirmPickup(dealId, userId, text(form, "code")),
  second_chance: (services, { dealId, userId }) => services.unpaidWins.offerSecondChance(dealId, userId),
  /** The winner did not pay: the seller lists the item again, without a fee. */
  async relist(services, { dealId, userId, user, locale }) {
    const productId = await services.unpaidWins.unpaidRelistable(dealId, userId);
    if (productId === null || !user) return { ok: false, code: "not_relistable" };
    const relisted = await services.listings.relistAfterUnpaidWin(user, productId, locale);
    return relisted.ok ? { ok: true } : { ok: false, code: relisted.code };
  },
  async dispute(services, { dealId, userId, form }) {
    const reason = DISPUTE_REASONS.find((one) => one === form.get("reason")) ?? "not_as_described";
    const photos = await photosOf(form);
    return services.disputes.open(dealId, userId, { reason, text: text(form, "text"), photos });
  },
  dispute_message: async (services, { dealId, userId, form }) =>
    services.disputes.write(dealId, userId, text(form, "text"), await photosOf(form)),
  async propose(services, { dealId, userId, form }) {
    const refund = parseCrowns(text(form, "refund"));
    if (typeof refund !== "number") return { ok: false, code: "invalid_amount" };
    return services.disputes.propose(dealId, userId, refund);
  },
  propose_return: (services, { dealId, userId }) => services.disputes.proposeReturn(dealId, userId),
  accept_proposal: (services, { dealId, userId }) => services.disputes.accept(dealId, userId),
  ship_return: (services, { dealId, userId, form }) =>
    services.disputes.shipReturn(dealId, userId, {
      carrier: text(form, "carrier"),
      trackingNumber: text(form, "trackingNumber"),
    }),
  confirm_return: (services, { dealId, userId }) => services.disputes.confirmReturn(dealId, userId),
  escalate: (services, { dealId, userId }) => services.disputes.escalate(dealId, userId),
  dispute_appeal: (services, { dealId, userId, form }) =>
    services.disputes.appeals.appealDispute(dealId, userId, text(form, "text")),
};

const DONE: Record<string, MessageKey | null> = {
  ship: "dealPages.deal.shipped",
  confirm: "dealPages.deal.confirmed",
  choose_delivery: "dealPages.deal.deliveryDone",
  relist: "dealPages.secondChance.relisted",
  hand_over: "dealPages.deal.handOverDone",
  pickup_code: "dealPages.deal.codeDone",
  dispute: "dealPages.dispute.opened",
  dispute_message: "dealPages.dispute.sent",
  propose: "dealPages.dispute.proposed",
  propose_return: "dealPages.dispute.returnProposed",
  ship_return: "dealPages.dispute.return.shipped",
  confirm_return: "dealPages.dispute.return.confirmed",
  escalate: "dealPages.dispute.escalated",
  dispute_appeal: "dealAppeals.appealed",
};

export async function dealAction(
  services: Deals,
  input: { dealId: number; userId: number; user?: Seller; form: FormData; locale: Locale },
) {
  const run = INTENTS[text(input.form, "intent")];
  if (!run) return answer(input.locale, { ok: false, code: "illegal_transition" }, null);
  try {
    const result = await run(services, input);
    if (result instanceof Response) return result;
    const aboutPhotos = result.ok ? null : photoRefusal(input.locale, result);
    if (aboutPhotos) return data({ error: aboutPhotos, done: null }, { status: 422 });
    // "invalid" is about the text, but for a parcel's number (the seller's shipment, the buyer's return).
    const parcel = ["ship", "ship_return"].includes(text(input.form, "intent"));
    const invalidText = !result.ok && result.code === "invalid" && !parcel;
    return answer(
      input.locale,
      invalidText ? { ok: false, code: "invalid_text" } : result,
      DONE[text(input.form, "intent")] ?? null,
    );
  } catch (error) {
    if (error instanceof MarketplaceUnavailableError)
      return data(
        { error: translate(input.locale, "dealPages.refusal.provider"), done: null },
        { status: 503 },
      );
    throw error;
  }
}
