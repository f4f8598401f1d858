import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import type { ThreadActionData } from "#app/features/messages/thread-actions.ts";
import type { PaymentRequestRefusal } from "#core/contracts/payment-requests.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { type PaymentRequestField, readPaymentRequestForm } from "#core/schemas/payment-request.ts";
import type { Route } from "./+types/messages";

/**
 * The payment request's forms in a conversation (issue 35, item 1; app/features/messages/
 * payment-request-*.tsx): the seller sends or withdraws one, the buyer accepts it (on to the
 * deal's page to pay) or declines it. Plain form posts, so they work without scripts; the deals'
 * service checks who may do what (another user's request: 404).
 */

export const REQUEST_INTENTS = [
  "request_send",
  "request_accept",
  "request_decline",
  "request_withdraw",
] as const;
type RequestIntent = (typeof REQUEST_INTENTS)[number];

export const isRequestIntent = (value: unknown): value is RequestIntent =>
  typeof value === "string" && (REQUEST_INTENTS as readonly string[]).includes(value);

/** Refusals a page answers with its status (the rest are 409: the request moved on meanwhile). */
const STATUS: Partial<Record<PaymentRequestRefusal, number>> = {
  rate_limited: 429,
  deals_off: 403,
  blocked: 403,
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function requestAction(
  context: Route.ActionArgs["context"],
  threadId: number,
  intent: RequestIntent,
  form: FormData,
) {
  const { services, user, locale } = context.get(appContext);
  const me = user!.id;
  const refused = (code: PaymentRequestRefusal) => {
    if (code === "not_found") throw data(null, { status: 404 });
    const message = translate(locale, `paymentRequests.errors.${code}`);
    return data<ThreadActionData>({ intent: "request", ok: false, message }, { status: STATUS[code] ?? 409 });
  };
  if (intent === "request_send") {
    const values = {
      price: text(form, "price"),
      carrier: text(form, "carrier"),
      deliveryPrice: text(form, "deliveryPrice"),
      pickupTown: text(form, "pickupTown"),
    };
    const read = readPaymentRequestForm(values);
    if (!read.ok) {
      const errors: Partial<Record<PaymentRequestField, string>> = {};
      for (const [field, key] of Object.entries(read.errors))
        errors[field as PaymentRequestField] = translate(locale, key);
      return data<ThreadActionData>(
        { intent: "request", ok: false, message: "", errors, values },
        { status: 422 },
      );
    }
    const sent = await services.paymentRequests.send(me, threadId, read);
    if (!sent.ok) return refused(sent.code);
    return {
      intent: "request",
      ok: true,
      message: translate(locale, "paymentRequests.form.sent"),
    } satisfies ThreadActionData;
  }
  const requestId = Number(text(form, "requestId"));
  if (!Number.isSafeInteger(requestId) || requestId <= 0) throw data(null, { status: 404 });
  if (intent === "request_accept") {
    const accepted = await services.paymentRequests.accept(requestId, me);
    if (!accepted.ok) return refused(accepted.code);
    throw redirect(localePath("accountDeal", locale, { dealId: accepted.value.dealId }));
  }
  const as = intent === "request_decline" ? "buyer" : "seller";
  const answered = await services.paymentRequests.answer(requestId, me, as);
  if (!answered.ok) return refused(answered.code);
  const key = as === "buyer" ? "paymentRequests.form.declined" : "paymentRequests.form.withdrawn";
  return { intent: "request", ok: true, message: translate(locale, key) } satisfies ThreadActionData;
}
