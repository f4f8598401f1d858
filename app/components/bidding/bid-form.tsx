import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AuctionLive, PublicBid, ViewerStanding } from "#core/contracts/bidding.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";
import { type CzkAmount, useCzkAmount } from "../catalog/format.ts";

/** What the product page's bid action answers (app/routes/catalog/product.tsx). */
export type BidActionData =
  | { intent: "bid"; status: "confirm"; amountMinor: number; maxMinor: number | null; raise: boolean }
  | { intent: "bid"; status: "refused"; message: string; field: "amount" | "max" | null }
  | {
      intent: "bid";
      status: "accepted";
      live: AuctionLive;
      bids: PublicBid[];
      viewer: ViewerStanding;
      extended: boolean;
    };

/** Whole crowns for an input's value (no grouping: the field must parse back). */
const crowns = (minor: number) => String(Math.floor(minor / 100));

/**
 * The amount a person typed, in minor units, read by the one money parser (core/money/crowns-input.ts):
 * "1 500", "1.500", "1500", "1 500,50" and "1500.5" all work; null for anything else or nothing.
 */
export function parseAmount(text: string | null | undefined): number | null {
  if (typeof text !== "string") return null;
  const minor = parseCrowns(text);
  return typeof minor === "number" && minor > 0 ? minor : null;
}

const INPUT =
  "w-full min-w-0 flex-1 rounded-lg border border-line bg-white px-3 py-3 text-lg font-semibold tabular-nums text-ink focus:border-primary-dark focus:outline-2 focus:outline-primary-dark/30";

/**
 * The bid form of the auction block: the amount prefilled with the lowest acceptable bid (and kept
 * in step with it until the visitor types), an optional maximum for automatic bidding, then a
 * confirmation that states the bid is binding. The leader only raises their maximum. A plain POST
 * to the page's action, so it works before the scripts load too.
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
  const { t } = useTranslation();
  // Bids are in CZK whatever currency the page shows: crowns first, the visitor's currency as a hint.
  const money = useCzkAmount();
  const { withHint } = money;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const id = useId();
  // Sending lasts while the bid is on its way ("submitting"). Once the action has answered, the
  // answer is on screen (accepted, refused or the confirmation) even though the router still
  // revalidates the other loaders ("loading", formData still set); counting that phase too kept
  // "Odesílám…" on the button after an accepted bid for as long as the revalidation took.
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "bid";
  const minimum = live.minimumNextBidMinor;
  const leading = standing?.leading === true;

  // The answer being shown: a confirmation until it is dismissed, a refusal next to its field.
  const [dismissed, setDismissed] = useState<BidActionData | undefined>(undefined);
  const shown = action && action !== dismissed ? action : undefined;

  const [amount, setAmount] = useState(minimum !== null ? crowns(minimum) : "");
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited && minimum !== null) setAmount(crowns(minimum));
  }, [minimum, edited]);
  // After an accepted bid the form starts afresh from the new minimum.
  const lastAccepted = useRef<BidActionData | undefined>(undefined);
  useEffect(() => {
    if (action?.status === "accepted" && lastAccepted.current !== action) {
      lastAccepted.current = action;
      setEdited(false);
      setMaxTyped(null);
    }
  }, [action]);
  const [maxOpen, setMaxOpen] = useState(false);
  // The maximum as typed (null: untouched), for its hint in the visitor's currency.
  const [maxTyped, setMaxTyped] = useState<string | null>(null);

  if (minimum === null) return null;

  if (shown?.status === "confirm") {
    const text = shown.raise
      ? t("bidding.panel.confirmRaise", { max: withHint(shown.maxMinor ?? shown.amountMinor) })
      : shown.maxMinor !== null && shown.maxMinor > shown.amountMinor
        ? t("bidding.panel.confirmMax", {
            amount: withHint(shown.amountMinor),
            max: withHint(shown.maxMinor),
          })
        : t("bidding.panel.confirmAmount", { amount: withHint(shown.amountMinor) });
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
        </div>
        <Form method="post" preventScrollReset className="flex flex-col gap-2 tablet:flex-row">
          <input type="hidden" name="intent" value="bid" />
          <input type="hidden" name="confirmed" value="1" />
          <input type="hidden" name="amount" value={crowns(shown.amountMinor)} />
          {shown.maxMinor !== null ? <input type="hidden" name="max" value={shown.maxMinor / 100} /> : null}
          <button
            type="submit"
            disabled={sending}
            // biome-ignore lint/a11y/noAutofocus: the confirmation replaces the form the visitor just used.
            autoFocus
            className="rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60"
            data-testid="bid-confirm-submit"
          >
            {sending ? t("bidding.panel.sending") : t("bidding.panel.confirm")}
          </button>
          <Link
            to={pathname}
            preventScrollReset
            replace
            onClick={(event) => {
              event.preventDefault();
              setDismissed(shown);
            }}
            className="rounded-lg px-5 py-3 text-center font-medium text-primary-dark ring-1 ring-line hover:bg-white"
          >
            {t("bidding.panel.back")}
          </Link>
        </Form>
      </div>
    );
  }

  const refused = shown?.status === "refused" ? shown : null;
  const leaderMax = standing?.maxMinor ? crowns(standing.maxMinor + (minimum - live.priceMinor)) : "";
  const amountError = refused && refused.field !== "max" ? refused.message : null;
  const maxError = refused?.field === "max" ? refused.message : null;

  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-col gap-3"
      data-testid="bid-form"
      onSubmit={() => setDismissed(undefined)}
    >
      <input type="hidden" name="intent" value="bid" />
      {leading ? (
        <>
          {/* The leader's bid is their new maximum; the price stays until someone challenges it. */}
          <input type="hidden" name="amount" value={crowns(live.priceMinor)} />
          <label htmlFor={`${id}-max`} className="text-sm font-medium text-ink">
            {t("bidding.panel.newMax")}
          </label>
          <div className="flex gap-2">
            <AmountInput
              id={`${id}-max`}
              name="max"
              defaultValue={leaderMax}
              onChange={setMaxTyped}
              invalid={maxError !== null}
              describedBy={`${id}-max-hint`}
              testId="bid-new-max"
            />
            <SubmitButton sending={sending} label={t("bidding.panel.raiseMax")} />
          </div>
          <TypedApprox text={maxTyped ?? leaderMax} money={money} testId="bid-new-max-approx" />
          <p id={`${id}-max-hint`} className="text-xs text-muted">
            {t("bidding.panel.maxHint")}
          </p>
          <FieldError message={maxError ?? amountError} />
        </>
      ) : (
        <>
          <label htmlFor={`${id}-amount`} className="text-sm font-medium text-ink">
            {t("bidding.panel.amount")}
          </label>
          <div className="flex gap-2">
            <AmountInput
              id={`${id}-amount`}
              name="amount"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setEdited(true);
              }}
              invalid={amountError !== null}
              describedBy={`${id}-minimum`}
              testId="bid-amount"
            />
            <SubmitButton sending={sending} label={t("bidding.panel.submit")} />
          </div>
          <TypedApprox text={amount} money={money} testId="bid-amount-approx" />
          {/* A refusal below the minimum names the minimum itself. */}
          {amountError ? (
            <FieldError message={amountError} id={`${id}-minimum`} />
          ) : (
            <p id={`${id}-minimum`} className="text-xs text-muted" data-testid="bid-minimum-hint">
              {t("bidding.panel.minimum", { minimum: withHint(minimum) })}
            </p>
          )}
          <details
            className="group rounded-lg ring-1 ring-line"
            open={maxOpen || maxError !== null}
            onToggle={(event) => setMaxOpen(event.currentTarget.open)}
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
                defaultValue=""
                onChange={setMaxTyped}
                invalid={maxError !== null}
                describedBy={`${id}-max-hint`}
                testId="bid-max"
              />
              <TypedApprox text={maxTyped ?? ""} money={money} testId="bid-max-approx" />
              <p id={`${id}-max-hint`} className="text-xs text-muted">
                {t("bidding.panel.maxHint")}
              </p>
              <FieldError message={maxError} />
            </div>
          </details>
        </>
      )}
    </Form>
  );
}

function AmountInput({
  id,
  name,
  value,
  defaultValue,
  onChange,
  invalid,
  describedBy,
  testId,
}: {
  id: string;
  name: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  invalid: boolean;
  describedBy: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-w-0 flex-1">
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required={name === "amount"}
        value={value}
        defaultValue={value === undefined ? defaultValue : undefined}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`${INPUT} pr-12 ${invalid ? "border-danger" : ""}`}
        data-testid={testId}
      />
      <span
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted"
        aria-hidden="true"
      >
        {t("bidding.panel.currency")}
      </span>
    </div>
  );
}

/** What the typed crowns make in the visitor's currency; nothing while they browse in CZK. */
function TypedApprox({ text, money, testId }: { text: string; money: CzkAmount; testId: string }) {
  const minor = parseAmount(text);
  const approx = minor !== null ? money.approx(minor) : null;
  if (!approx) return null;
  return (
    <p className="-mt-1 text-xs text-muted tabular-nums" aria-live="polite" data-testid={testId}>
      {approx}
    </p>
  );
}

function SubmitButton({ sending, label }: { sending: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      disabled={sending}
      className="shrink-0 rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60"
      data-testid="bid-submit"
    >
      {sending ? t("bidding.panel.sending") : label}
    </button>
  );
}

function FieldError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger" data-testid="bid-error">
      {message}
    </p>
  );
}
