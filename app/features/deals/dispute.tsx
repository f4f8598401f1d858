import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { DealPageView, DisputeView } from "#core/contracts/deals.ts";
import { isDisputeSystemMessage } from "#core/contracts/deals.ts";
import { DISPUTE_REASONS, type DisputeReason } from "#core/lifecycles/dispute.ts";
import { AppealForm, AppealList } from "./dispute-appeal.tsx";
import { DisputePhotoInput, DisputePhotoList } from "./dispute-photos.tsx";
import { DisputeReturn } from "./dispute-return.tsx";
import { czk } from "./format.ts";

const BUTTON = "rounded-lg bg-primary-dark px-4 py-2.5 font-semibold text-white hover:bg-[#173d42]";
const QUIET = "rounded-lg px-4 py-2.5 font-semibold text-primary-dark ring-1 ring-line hover:bg-light";
const CARD = "rounded-2xl bg-white p-5 ring-1 ring-line";
const FIELD = "mt-1 w-full rounded-lg border border-line px-3 py-2";

/** Whether the buyer may still open a dispute: the goods left and the money is not released. */
export const mayDispute = (deal: Pick<DealPageView, "role" | "status">) =>
  deal.role === "buyer" && ["shipped", "ready_for_pickup", "delivered"].includes(deal.status);

/** A dispute's reason in words: a personal pickup's goods never "arrive", their handover fails. */
export const reasonKey = (reason: DisputeReason, pickup: boolean) =>
  pickup && reason === "not_arrived"
    ? ("dealPages.dispute.pickupReasons.not_arrived" as const)
    : (`dealPages.dispute.reasons.${reason}` as const);

/** The buyer's way to dispute a shipped, ready or delivered deal (a pickup's in its own words). */
export function OpenDispute({ pickup = false }: { pickup?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" encType="multipart/form-data" className={CARD} data-testid="dispute-open">
      <h2 className="font-serif text-xl text-primary-dark">
        {t(pickup ? "dealPages.dispute.openPickupTitle" : "dealPages.dispute.openTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(pickup ? "dealPages.dispute.openPickupLead" : "dealPages.dispute.openLead")}
      </p>
      <label className="mt-3 block text-sm font-medium" htmlFor="dispute-reason">
        {t("dealPages.dispute.reason")}
      </label>
      <select id="dispute-reason" name="reason" className={`${FIELD} tablet:max-w-sm`}>
        {DISPUTE_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(reasonKey(reason, pickup))}
          </option>
        ))}
      </select>
      <label className="mt-3 block text-sm font-medium" htmlFor="dispute-text">
        {t("dealPages.dispute.text")}
      </label>
      <textarea
        id="dispute-text"
        name="text"
        required
        minLength={10}
        maxLength={4000}
        rows={4}
        className={FIELD}
      />
      <p className="mt-1 text-xs text-muted">{t("dealPages.dispute.textHint")}</p>
      <DisputePhotoInput id="dispute-photos" />
      <button type="submit" name="intent" value="dispute" className={`mt-3 ${BUTTON}`}>
        {t("dealPages.dispute.openButton")}
      </button>
    </Form>
  );
}

/** How the dispute ended, with the operator's statement of reasons when the operator decided. */
function DisputeOutcome({ dispute, role }: { dispute: DisputeView; role: DealPageView["role"] }) {
  const { t, locale } = useTranslation();
  const outcome = dispute.outcome!;
  const appeals = dispute.appeals ?? [];
  const mayAppeal = dispute.appealableUntil && !appeals.some((appeal) => appeal.role === role);
  return (
    <div className="mt-3 rounded-xl bg-light p-4" data-testid="dispute-outcome">
      <p className="font-semibold">
        {dispute.return?.shippedAt && outcome.kind === "refund"
          ? t("dealPages.dispute.outcome.returned")
          : t(`dealPages.dispute.outcome.${outcome.kind}`, { amount: czk(outcome.refundMinor, locale) })}
      </p>
      {outcome.facts ? (
        <div className="mt-2 text-sm" data-testid="dispute-decision">
          <h3 className="font-semibold">{t("dealPages.dispute.decisionTitle")}</h3>
          <p className="mt-1">
            <span className="font-medium">{t("dealPages.dispute.facts")}:</span> {outcome.facts}
          </p>
          <p className="mt-1">
            <span className="font-medium">{t("dealPages.dispute.grounds")}:</span> {outcome.grounds}
          </p>
          <AppealList appeals={appeals} />
          {mayAppeal ? <AppealForm until={dispute.appealableUntil!} intent="dispute_appeal" /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** A refund of an amount, or the item's return for a full refund, for the other side to accept. */
function ProposeForms() {
  const { t } = useTranslation();
  return (
    <>
      <Form method="post">
        <p className="text-sm font-medium">{t("dealPages.dispute.proposeTitle")}</p>
        <p className="text-xs text-muted">{t("dealPages.dispute.proposeLead")}</p>
        <label className="mt-2 block text-sm" htmlFor="dispute-refund">
          {t("dealPages.dispute.proposeAmount")}
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id="dispute-refund"
            name="refund"
            inputMode="decimal"
            required
            className="w-32 rounded-lg border border-line px-3 py-2"
          />
          <button type="submit" name="intent" value="propose" className={QUIET}>
            {t("dealPages.dispute.proposeButton")}
          </button>
        </div>
      </Form>
      <Form method="post" data-testid="dispute-propose-return">
        <p className="text-xs text-muted">{t("dealPages.dispute.proposeReturnLead")}</p>
        <button type="submit" name="intent" value="propose_return" className={`mt-2 ${QUIET}`}>
          {t("dealPages.dispute.proposeReturnButton")}
        </button>
      </Form>
    </>
  );
}

/** What the two sides can still do: write, propose a refund or a return, accept the other's, hand it over. */
function DisputeActions({ deal, dispute }: { deal: DealPageView; dispute: DisputeView }) {
  const { t, locale } = useTranslation();
  const canEscalate = dispute.status === "open" && new Date(dispute.escalatableAt) <= new Date();
  const returning = dispute.status === "returning";
  return (
    <div className="mt-4 flex flex-col gap-4">
      {returning && dispute.return ? <DisputeReturn role={deal.role} ret={dispute.return} /> : null}
      {dispute.proposal ? (
        <Form
          method="post"
          className="rounded-xl bg-secondary/10 p-3 ring-1 ring-secondary/40"
          data-testid="dispute-proposal"
        >
          <p>
            {t(dispute.proposal.return ? "dealPages.dispute.proposalReturn" : "dealPages.dispute.proposal", {
              who: t(`dealPages.dispute.roles.${dispute.proposal.by}`),
              amount: czk(dispute.proposal.refundMinor, locale),
            })}
          </p>
          {dispute.proposal.by !== deal.role ? (
            <button type="submit" name="intent" value="accept_proposal" className={`mt-2 ${BUTTON}`}>
              {t("dealPages.dispute.accept")}
            </button>
          ) : null}
        </Form>
      ) : null}
      <Form method="post" encType="multipart/form-data">
        <label className="block text-sm font-medium" htmlFor="dispute-message">
          {t("dealPages.dispute.write")}
        </label>
        <textarea
          id="dispute-message"
          name="text"
          required
          minLength={10}
          maxLength={4000}
          rows={3}
          className={FIELD}
        />
        <DisputePhotoInput id="dispute-message-photos" />
        <button type="submit" name="intent" value="dispute_message" className={`mt-2 ${QUIET}`}>
          {t("dealPages.dispute.send")}
        </button>
      </Form>
      {returning ? null : <ProposeForms />}
      {dispute.status === "open" ? (
        canEscalate ? (
          <Form method="post">
            <button type="submit" name="intent" value="escalate" className={QUIET}>
              {t("dealPages.dispute.escalate")}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-muted">
            {t("dealPages.dispute.escalateFrom", { date: formatDate(dispute.escalatableAt, locale, true) })}
          </p>
        )
      ) : null}
    </div>
  );
}

/** The deal's dispute: its state, the messages of both sides and the operator, and what comes next. */
export function DealDispute({ deal, dispute }: { deal: DealPageView; dispute: DisputeView }) {
  const { t, locale } = useTranslation();
  return (
    <section className={CARD} data-testid="dispute" data-status={dispute.status}>
      <h2 className="font-serif text-xl text-primary-dark">
        {t("dealPages.dispute.title")}: {t(reasonKey(dispute.reason, deal.carrier === null))} ·{" "}
        <span className="text-base">{t(`dealPages.dispute.status.${dispute.status}`)}</span>
      </h2>
      <ol className="mt-3 flex flex-col gap-2">
        {dispute.messages.map((message) => (
          <li key={`${message.at}-${message.role}`} className="rounded-xl bg-light p-3 text-sm">
            <p className="text-xs text-muted">
              {t(`dealPages.dispute.roles.${message.role}`)} · {formatDate(message.at, locale, true)}
            </p>
            <p className="mt-1 whitespace-pre-line">
              {message.role === "system" && isDisputeSystemMessage(message.body)
                ? t(`dealPages.dispute.system.${message.body}`)
                : message.body}
            </p>
            <DisputePhotoList
              photos={message.photos}
              removed={message.photosRemoved}
              who={t(`dealPages.dispute.roles.${message.role}`)}
            />
          </li>
        ))}
      </ol>
      {dispute.outcome ? (
        <DisputeOutcome dispute={dispute} role={deal.role} />
      ) : (
        <DisputeActions deal={deal} dispute={dispute} />
      )}
    </section>
  );
}
