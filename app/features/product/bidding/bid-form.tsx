import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { FormReply } from "#app/ui/forms/conform.ts";
import { lazySchemaChecks, useLazySchemaForm } from "#app/ui/forms/lazy-schema-form.tsx";
import type { AuctionLive, ViewerStanding } from "#core/contracts/bidding.ts";
import { AllInLine, DealBreakdown } from "./all-in.tsx";
import { BID_AMOUNT_PARAM, BID_MAX_PARAM, type BidActionData, isBidSubmission } from "./bid-answer.ts";
import { AmountInput, BidError, BidSubmitButton, crowns, TypedApprox } from "./bid-inputs.tsx";
import { MinimumBid } from "./minimum-bid.tsx";

/** The form's checks in the browser (zod and Conform), loaded when the bidder reaches the form. */
const BidChecks = lazySchemaChecks(() =>
  import("#core/schemas/bid.ts").then((module) => module.BidFormSchema),
);

/**
 * The bid form of the auction block: the amount prefilled with the lowest acceptable bid (and kept
 * in step with it until the visitor types), an optional maximum for automatic bidding, then a
 * confirmation that states the bid is binding. The leader only raises their maximum. A plain POST
 * to the page's action, read there by the same schema (core/schemas/bid.ts), so it works before the
 * scripts load too.
 */
export function BidForm({
  live,
  standing,
  action,
}: {
  live: AuctionLive;
  standing: ViewerStanding | null;
  action: BidActionData | undefined;
}) {
  const sending = useBidSending();
  // The answer being shown: a confirmation until it is dismissed, a refusal next to its field.
  const [dismissed, setDismissed] = useState<BidActionData | undefined>(undefined);
  const shown = action && action !== dismissed ? action : undefined;
  const amount = usePrefilledAmount(live.minimumNextBidMinor, action);
  if (live.minimumNextBidMinor === null) return null;
  if (shown?.status === "confirm")
    return <BidConfirmation answer={shown} sending={sending} onBack={() => setDismissed(shown)} />;
  const refused = shown?.status === "refused" ? shown : undefined;
  return (
    <>
      <BidFields
        live={live}
        standing={standing}
        refused={refused && !refused.minimum ? refused.result : undefined}
        amount={amount}
        sending={sending}
        onSubmit={() => setDismissed(undefined)}
      />
      {/* The leader only raises their maximum: "the minimum" would do the same at an amount they did not choose. */}
      {standing?.leading ? null : (
        <MinimumBid
          live={live}
          sending={sending}
          error={refused?.minimum ? firstMessage(refused.result) : null}
          onSubmit={() => setDismissed(undefined)}
        />
      )}
    </>
  );
}

/** The first message of a refused reply, whichever field it names. */
function firstMessage(reply: FormReply): string | null {
  return (
    Object.values(reply.error ?? {})
      .flatMap((messages) => messages ?? [])
      .at(0) ?? null
  );
}

/**
 * Sending lasts while the bid is on its way ("submitting"). Once the action has answered, the
 * answer is on screen (accepted, refused or the confirmation) even though the router still
 * revalidates the other loaders ("loading", formData still set); counting that phase too kept
 * "Odesílám…" on the button after an accepted bid for as long as the revalidation took.
 */
function useBidSending() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && isBidSubmission(navigation.formData);
}

type PrefilledAmount = { value: string; type: (value: string) => void };

/** An amount the page's query brings back (the bid typed before the age check), in crowns. */
function useTypedBack(param: string): string | null {
  const typed = new URLSearchParams(useLocation().search).get(param);
  return typed && /^\d{1,9}([.,]\d{1,2})?$/.test(typed) ? typed : null;
}

/**
 * The amount field's text: the minimum until the visitor types (or the amount they typed before
 * the age check sent them away), and the minimum again after an accepted bid.
 */
function usePrefilledAmount(minimum: number | null, action: BidActionData | undefined): PrefilledAmount {
  const typedBack = useTypedBack(BID_AMOUNT_PARAM);
  const [value, setValue] = useState(typedBack ?? (minimum !== null ? crowns(minimum) : ""));
  const [edited, setEdited] = useState(typedBack !== null);
  useEffect(() => {
    if (!edited && minimum !== null) setValue(crowns(minimum));
  }, [minimum, edited]);
  const lastAccepted = useRef<BidActionData | undefined>(undefined);
  useEffect(() => {
    if (action?.status === "accepted" && lastAccepted.current !== action) {
      lastAccepted.current = action;
      setEdited(false);
    }
  }, [action]);
  return {
    value,
    type: (typed) => {
      setValue(typed);
      setEdited(true);
    },
  };
}

/** The question before a binding bid: what it means, then the same amounts posted as confirmed. */
function BidConfirmation({
  answer,
  sending,
  onBack,
}: {
  answer: Extract<BidActionData, { status: "confirm" }>;
  sending: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { withHint } = useCzkAmount();
  const { pathname } = useLocation();
  const id = useId();
  const { amountMinor, maxMinor, notAboveMinor } = answer;
  const text =
    notAboveMinor !== null
      ? t("bidding.panel.confirmMinimum", { amount: withHint(amountMinor), ceiling: withHint(notAboveMinor) })
      : answer.raise
        ? t("bidding.panel.confirmRaise", { max: withHint(maxMinor ?? amountMinor) })
        : maxMinor !== null && maxMinor > amountMinor
          ? t("bidding.panel.confirmMax", { amount: withHint(amountMinor), max: withHint(maxMinor) })
          : t("bidding.panel.confirmAmount", { amount: withHint(amountMinor) });
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-confirm-title`}
      aria-describedby={`${id}-confirm-text`}
      className="flex flex-col gap-3 rounded-xl bg-light p-4 ring-1 ring-secondary/50"
      data-testid="bid-confirm"
    >
      <h3 id={`${id}-confirm-title`} className="font-serif text-xl text-primary-dark">
        {t("bidding.panel.confirmTitle")}
      </h3>
      <div id={`${id}-confirm-text`} className="flex flex-col gap-2">
        <p className="text-ink">{text}</p>
        <p className="text-sm font-semibold text-ink" data-testid="bid-binding">
          {t("bidding.panel.binding")}
        </p>
        {answer.allIn ? <DealBreakdown breakdown={answer.allIn} testId="bid-confirm-all-in" /> : null}
      </div>
      <Form method="post" preventScrollReset className="flex flex-col gap-2 tablet:flex-row">
        <input type="hidden" name="intent" value="bid" />
        <input type="hidden" name="confirmed" value="1" />
        {notAboveMinor !== null ? (
          <>
            <input type="hidden" name="minimum" value="1" />
            <input type="hidden" name="notAboveMinor" value={notAboveMinor} />
          </>
        ) : (
          <input type="hidden" name="amount" value={crowns(amountMinor)} />
        )}
        {maxMinor !== null ? <input type="hidden" name="max" value={maxMinor / 100} /> : null}
        <BidSubmitButton sending={sending} label={t("bidding.panel.confirm")} confirm />
        <Link
          to={pathname}
          preventScrollReset
          replace
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
          className="rounded-lg px-5 py-3 text-center font-medium text-primary-dark ring-1 ring-line hover:bg-white"
        >
          {t("bidding.panel.back")}
        </Link>
      </Form>
    </div>
  );
}

type BidFieldsProps = {
  live: AuctionLive;
  standing: ViewerStanding | null;
  /** The action's refusal: Conform's reply, with the reason at its field. */
  refused: FormReply | undefined;
  amount: PrefilledAmount;
  sending: boolean;
  onSubmit: () => void;
};

/** The form itself, bound to the bid schema: the browser checks the amounts as the action does. */
function BidFields({ live, standing, refused, amount, sending, onSubmit }: BidFieldsProps) {
  const form = useLazySchemaForm(BidChecks, refused);
  const amountError = form.errors.amount?.[0] ?? null;
  const maxError = form.errors.max?.[0] ?? null;
  return (
    <>
      <Form
        method="post"
        {...form.formProps}
        noValidate
        preventScrollReset
        className="flex flex-col gap-3"
        data-testid="bid-form"
        onSubmit={(event) => {
          onSubmit();
          form.formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="bid" />
        {standing?.leading ? (
          <RaiseMaxFields live={live} standing={standing} error={maxError ?? amountError} sending={sending} />
        ) : (
          <NewBidFields
            minimum={live.minimumNextBidMinor ?? 0}
            amount={amount}
            amountError={amountError}
            maxError={maxError}
            sending={sending}
          />
        )}
      </Form>
      {form.checks}
    </>
  );
}

/** The leader's bid is their new maximum; the price stays until someone challenges it. */
function RaiseMaxFields({
  live,
  standing,
  error,
  sending,
}: {
  live: AuctionLive;
  standing: ViewerStanding;
  error: string | null;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const money = useCzkAmount();
  const id = useId();
  const minimum = live.minimumNextBidMinor ?? live.priceMinor;
  const leaderMax = standing.maxMinor ? crowns(standing.maxMinor + (minimum - live.priceMinor)) : "";
  // The maximum as typed (null: untouched), for its hint in the visitor's currency.
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <>
      <input type="hidden" name="amount" value={crowns(live.priceMinor)} />
      <label htmlFor={`${id}-max`} className="text-sm font-medium text-ink">
        {t("bidding.panel.newMax")}
      </label>
      <div className="flex gap-2">
        <AmountInput
          id={`${id}-max`}
          name="max"
          defaultValue={leaderMax}
          onChange={setTyped}
          invalid={error !== null}
          describedBy={`${id}-max-hint`}
          testId="bid-new-max"
        />
        <BidSubmitButton sending={sending} label={t("bidding.panel.raiseMax")} />
      </div>
      <TypedApprox text={typed ?? leaderMax} money={money} testId="bid-new-max-approx" />
      <p id={`${id}-max-hint`} className="text-xs text-muted">
        {t("bidding.panel.maxHint")}
      </p>
      <BidError message={error} />
    </>
  );
}

/** A new bid: the amount (the minimum named under it) and, folded, a maximum for automatic bids. */
function NewBidFields({
  minimum,
  amount,
  amountError,
  maxError,
  sending,
}: {
  minimum: number;
  amount: PrefilledAmount;
  amountError: string | null;
  maxError: string | null;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const money = useCzkAmount();
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-amount`} className="text-sm font-medium text-ink">
        {t("bidding.panel.amount")}
      </label>
      <div className="flex gap-2">
        <AmountInput
          id={`${id}-amount`}
          name="amount"
          value={amount.value}
          onChange={amount.type}
          invalid={amountError !== null}
          describedBy={`${id}-minimum`}
          testId="bid-amount"
        />
        <BidSubmitButton sending={sending} label={t("bidding.panel.submit")} />
      </div>
      <TypedApprox text={amount.value} money={money} testId="bid-amount-approx" />
      <AllInLine typed={amount.value} />
      {/* A refusal below the minimum names the minimum itself. */}
      {amountError ? (
        <BidError message={amountError} id={`${id}-minimum`} />
      ) : (
        <p id={`${id}-minimum`} className="text-xs text-muted" data-testid="bid-minimum-hint">
          {t("bidding.panel.minimum", { minimum: money.withHint(minimum) })}
        </p>
      )}
      <MaxBlock error={maxError} />
    </>
  );
}

/** The folded maximum for automatic bidding; a refusal at the maximum opens it. */
function MaxBlock({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const money = useCzkAmount();
  const id = useId();
  const typedBack = useTypedBack(BID_MAX_PARAM);
  const [open, setOpen] = useState(typedBack !== null);
  const [typed, setTyped] = useState(typedBack ?? "");
  return (
    <details
      className="group rounded-lg ring-1 ring-line"
      open={open || error !== null}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer list-none px-3 py-2.5 text-sm font-medium text-primary-dark marker:hidden hover:underline">
        <span className="inline-block transition-transform group-open:rotate-90" aria-hidden="true">
          ›
        </span>{" "}
        {t("bidding.panel.maxToggle")}
      </summary>
      <div className="flex flex-col gap-2 px-3 pb-3">
        <label htmlFor={`${id}-max`} className="text-sm font-medium text-ink">
          {t("bidding.panel.max")}
        </label>
        <AmountInput
          id={`${id}-max`}
          name="max"
          defaultValue={typedBack ?? ""}
          onChange={setTyped}
          invalid={error !== null}
          describedBy={`${id}-max-hint`}
          testId="bid-max"
        />
        <TypedApprox text={typed} money={money} testId="bid-max-approx" />
        <p id={`${id}-max-hint`} className="text-xs text-muted">
          {t("bidding.panel.maxHint")}
        </p>
        <BidError message={error} />
      </div>
    </details>
  );
}
