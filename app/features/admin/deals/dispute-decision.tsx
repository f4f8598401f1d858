import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { DisputeView } from "#core/contracts/deals.ts";
import { isDisputeSystemMessage } from "#core/contracts/deals.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { ReasonField } from "./reason-field.tsx";

/**
 * What the buyer, the seller and the operator wrote in the dispute, oldest first, with each
 * message's photos, or where they were deleted (ADR 0082) a line saying why.
 */
export function DisputeMessages({ messages }: { messages: DisputeView["messages"] }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <h2 className="mt-6 font-serif text-xl text-primary-dark">{t("adminDeals.dispute.messages")}</h2>
      <ol className="mt-2 flex flex-col gap-2">
        {messages.map((message) => (
          <li
            key={`${message.at}-${message.role}`}
            className="rounded-xl bg-white p-3 text-sm ring-1 ring-line"
          >
            <p className="text-xs text-muted">
              {t(`adminDeals.dispute.roles.${message.role}`)} · {formatDate(message.at, locale, true)}
            </p>
            <p className="mt-1 whitespace-pre-line">
              {message.role === "system" && isDisputeSystemMessage(message.body)
                ? t(`adminDeals.dispute.system.${message.body}`)
                : message.body}
            </p>
            {message.photos && message.photos.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2" data-testid="dispute-photos">
                {message.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={photo.url}
                        alt={t("adminDealSupport.photos.alt", {
                          number: index + 1,
                          who: t(`adminDeals.dispute.roles.${message.role}`),
                        })}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        className="h-28 w-28 rounded-lg object-cover ring-1 ring-line"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : message.photosRemoved ? (
              // Deleted by their retention or with their author's account (ADR 0082): said, not hidden.
              <p className="mt-2 text-xs text-muted italic" data-testid="dispute-photos-removed">
                {t(`adminDealSupport.photos.removed.${message.photosRemoved}`)}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The operator's decision with its statement of reasons, once a side handed the dispute over: a
 * refund of an amount (0 releases all to the seller), or a full refund after the item's return.
 */
export function DisputeDecision({ status }: { status: DisputeView["status"] }) {
  const { t } = useTranslation();
  return (
    <>
      {status === "escalated" ? (
        <Form
          method="post"
          className="mt-6 max-w-2xl rounded-2xl bg-white p-5 ring-1 ring-line"
          data-testid="dispute-decide"
        >
          <h2 className="font-serif text-xl text-primary-dark">{t("adminDeals.dispute.decideTitle")}</h2>
          <p className="mt-1 text-sm text-muted">{t("adminDeals.dispute.decideLead")}</p>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium">{t("adminDeals.dispute.kind")}</legend>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="kind" value="refund" defaultChecked />
              {t("adminDeals.dispute.kindRefund")}
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="kind" value="return" />
              {t("adminDeals.dispute.kindReturn")}
            </label>
          </fieldset>
          <label className="mt-3 block text-sm font-medium" htmlFor="refund">
            {t("adminDeals.dispute.refund")}
          </label>
          <input
            id="refund"
            name="refund"
            inputMode="decimal"
            className="mt-1 w-40 rounded-lg border border-line px-3 py-2"
          />
          <p className="mt-1 text-xs text-muted">{t("adminDeals.dispute.refundHint")}</p>
          <ReasonField id="facts" name="facts" label={t("adminDeals.dispute.facts")} />
          <ReasonField id="grounds" name="grounds" label={t("adminDeals.dispute.grounds")} />
          <button
            type="submit"
            className="mt-4 rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-[#173d42]"
          >
            {t("adminDeals.dispute.decide")}
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-muted">
          {t(
            status === "resolved"
              ? "adminDeals.dispute.resolved"
              : status === "returning"
                ? "adminDeals.dispute.returning"
                : "adminDeals.dispute.notEscalated",
          )}
        </p>
      )}
    </>
  );
}

/** Where a return for a full refund stands: the buyer's deadline, or the parcel and the seller's. */
export function DisputeReturnState({ ret }: { ret: DisputeView["return"] }) {
  const { t, locale } = useTranslation();
  if (!ret) return null;
  const date = (iso: string) => formatDate(iso, locale, true);
  return (
    <p className="mt-4 rounded-xl bg-secondary/10 p-3 text-sm" data-testid="admin-dispute-return">
      {ret.shippedAt && ret.confirmBy
        ? t("adminDeals.dispute.returnSent", {
            date: date(ret.shippedAt),
            carrier: ret.carrier ? t(deliveryNameKey(ret.carrier)) : "",
            number: ret.trackingNumber ?? "",
            confirm: date(ret.confirmBy),
          })
        : t("adminDeals.dispute.returnWaiting", { date: date(ret.by) })}
    </p>
  );
}
