import { useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatPrice } from "#core/money/money.ts";

/** A day as tables show it, short and numeric: `18. 11. 2026` / `18/11/2026` (a YYYY-MM-DD as it is). */
export function shortDate(value: string, locale: "cs" | "en"): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "en-GB", {
    timeZone: "Europe/Prague",
    day: "numeric",
    month: "numeric",
    year: "numeric",
  }).format(day);
}

/** Pieces every money screen of the back office shares: amounts, badges, filter selects. */
export function useMoney() {
  const { locale } = useTranslation();
  return (minor: number) => formatPrice(minor, null, { locale });
}

const badgeClass = "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1";

const TONES = {
  good: "bg-success/10 text-[#1f5c44] ring-success/30",
  bad: "bg-danger/10 text-danger ring-danger/25",
  wait: "bg-secondary/15 text-[#6b5116] ring-secondary/40",
  plain: "bg-light text-dark ring-line",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: React.ReactNode }) {
  return <span className={`${badgeClass} ${TONES[tone]}`}>{children}</span>;
}

/** An order's status as a badge: paid and travelling green, waiting amber, ended red. */
export function orderTone(status: string): keyof typeof TONES {
  if (status === "paid" || status === "shipped" || status === "delivered") return "good";
  if (status === "awaiting_payment" || status === "new") return "wait";
  return "bad";
}

const selectClass = "rounded-md border border-line bg-white px-3 py-2 font-normal";

export function FilterSelect(props: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {props.label}
      <select name={props.name} defaultValue={params.get(props.name) ?? ""} className={selectClass}>
        <option value="">{t("adminOrders.orders.any")}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterDate(props: { name: string; label: string }) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {props.label}
      <input
        type="date"
        name={props.name}
        defaultValue={params.get(props.name) ?? ""}
        className={selectClass}
      />
    </label>
  );
}

/** A result said after a form's submit: an alert for a refusal, a status for success. */
export function Notice({ message, ok }: { message: string | null | undefined; ok: boolean }) {
  if (!message) return null;
  return (
    <p
      role={ok ? "status" : "alert"}
      className={`rounded-md border px-4 py-3 text-sm ${ok ? "border-success/40 bg-success/10" : "border-danger/40 bg-danger/10 text-danger"}`}
    >
      {message}
    </p>
  );
}
