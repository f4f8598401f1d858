import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CzkAmount } from "#app/ui/format.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";

/** Whole crowns for an input's value (no grouping: the field must parse back). */
export const crowns = (minor: number) => String(Math.floor(minor / 100));

const INPUT =
  "w-full min-w-0 flex-1 rounded-lg border border-line bg-white px-3 py-3 text-lg font-semibold tabular-nums text-ink focus:border-primary-dark focus:outline-2 focus:outline-primary-dark/30";

const BUTTON =
  "rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60";

/** An amount in crowns, with "Kč" at its end. */
export function AmountInput({
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
export function TypedApprox({ text, money, testId }: { text: string; money: CzkAmount; testId: string }) {
  const minor = parseCrowns(text);
  const approx = typeof minor === "number" && minor > 0 ? money.approx(minor) : null;
  if (!approx) return null;
  return (
    <p className="-mt-1 text-xs text-muted tabular-nums" aria-live="polite" data-testid={testId}>
      {approx}
    </p>
  );
}

/** The form's button ("Přihodit", "Zvýšit maximum") or the confirmation's ("Závazně přihodit"). */
export function BidSubmitButton({
  sending,
  label,
  confirm = false,
}: {
  sending: boolean;
  label: string;
  confirm?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      disabled={sending}
      // biome-ignore lint/a11y/noAutofocus: the confirmation replaces the form the visitor just used.
      autoFocus={confirm}
      className={confirm ? BUTTON : `shrink-0 ${BUTTON}`}
      data-testid={confirm ? "bid-confirm-submit" : "bid-submit"}
    >
      {sending ? t("bidding.panel.sending") : label}
    </button>
  );
}

/** A refusal under its field. */
export function BidError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger" data-testid="bid-error">
      {message}
    </p>
  );
}
