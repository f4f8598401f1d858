import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { ShillAccount, ShillEvidence, ShillSignalRow } from "#core/contracts/shill-signals.ts";
import type { Locale, MessageKey } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { ShillSignalStatus } from "#core/lifecycles/shill-signal.ts";
import { NEW_ACCOUNT_DAYS } from "#core/rules/shill-signals.ts";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A signal's evidence as one sentence of numbers and dates a moderator can check. */
export function evidenceText(t: Translate, locale: Locale, evidence: ShillEvidence): string {
  switch (evidence.kind) {
    case "concentration":
      return t("adminShillSignals.evidence.concentration", { ...evidence });
    case "shared_device":
    case "shared_ip":
      return t(`adminShillSignals.evidence.${evidence.kind}`, {
        fingerprint: evidence.fingerprint,
        bidderSince: formatDate(evidence.bidderSince, locale),
        sellerSince: formatDate(evidence.sellerSince, locale),
      });
    case "shared_address":
      return t("adminShillSignals.evidence.shared_address", { street: evidence.street, zip: evidence.zip });
    case "never_wins":
      return t("adminShillSignals.evidence.never_wins", {
        raised: evidence.raised,
        won: evidence.won,
        elsewhere: evidence.endedElsewhere,
      });
    case "late_new_account":
      return t("adminShillSignals.evidence.late_new_account", {
        created: formatDate(evidence.accountCreatedAt, locale),
        lateBids: evidence.lateBids,
        closest: evidence.closestSeconds,
        days: NEW_ACCOUNT_DAYS,
      });
  }
}

const STATUS_CLASS: Record<ShillSignalStatus, string> = {
  new: "bg-danger/10 text-danger",
  dismissed: "bg-line text-muted",
  acted: "bg-success/10 text-primary-dark",
};

export function StatusBadge({ status }: { status: ShillSignalStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}
      data-testid="signal-status"
    >
      {t(`adminShillSignals.statuses.${status}`)}
    </span>
  );
}

/** An account as staff see it: the username linking to its back-office page, and the e-mail. */
export function AccountLink({ account }: { account: ShillAccount }) {
  const { locale } = useTranslation();
  if (account.deleted && !account.email) return <span>{account.username}</span>;
  return (
    <span className="break-words">
      <Link
        to={localePath("adminUser", locale, { id: account.id })}
        className="font-semibold text-primary-dark underline underline-offset-4"
      >
        {account.username}
      </Link>{" "}
      <span className="inline-block max-w-full break-all text-muted">({account.email})</span>
    </span>
  );
}

/** One signal of the list: its kind, state, both accounts, the evidence and the link to its detail. */
export function SignalCard({ row }: { row: ShillSignalRow }) {
  const { t, locale } = useTranslation();
  return (
    <li
      className="rounded-2xl bg-white p-4 ring-1 ring-line"
      data-testid="shill-signal"
      data-kind={row.kind}
      data-status={row.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-primary-dark">
          <Link
            to={localePath("adminShillSignal", locale, { id: row.id })}
            className="underline underline-offset-4"
            aria-label={t("adminShillSignals.list.open", { id: row.id })}
          >
            {t(`adminShillSignals.kinds.${row.kind}`)}
          </Link>
        </h2>
        <StatusBadge status={row.status} />
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm tablet:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t("adminShillSignals.list.bidder")}</dt>
        <dd>
          <AccountLink account={row.bidder} />
        </dd>
        <dt className="text-muted">{t("adminShillSignals.list.seller")}</dt>
        <dd>
          <AccountLink account={row.seller} />
        </dd>
      </dl>
      <p className="mt-2 text-sm" data-testid="signal-evidence">
        {evidenceText(t, locale, row.evidence)}
      </p>
      <p className="mt-1 text-xs text-muted">
        {t("adminShillSignals.list.lots", { count: row.lots })} ·{" "}
        {t("adminShillSignals.list.detected", { date: formatDate(row.detectedAt, locale, true) })}
      </p>
    </li>
  );
}
