import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Countdown } from "#app/ui/countdown.tsx";
import { formatDate, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { kindKey, StatusBadge } from "#app/ui/listing-labels.tsx";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { MyListing } from "#core/contracts/my-listings.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PayFeeForm } from "./pay-fee-form.tsx";

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded px-3.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/** One listing of My listings: what it is, where it stands, and what may be done with it now. */
export function ListingRow({
  listing,
  serverNow,
  busy,
}: {
  listing: MyListing;
  serverNow: string;
  busy: boolean;
}) {
  const { actions } = listing;
  return (
    <li
      className="rounded-xl border border-line bg-white p-4 tablet:p-5"
      data-testid="my-listing"
      data-id={listing.id}
      data-status={listing.status}
      data-ends-at={listing.endsAt ?? undefined}
    >
      <RowSummary listing={listing} />
      <RowStats listing={listing} serverNow={serverNow} />
      {actions.edit || actions.cancel || actions.relist || actions.top || actions.pay ? (
        <RowActions listing={listing} busy={busy} />
      ) : null}
    </li>
  );
}

function RowSummary({ listing }: { listing: MyListing }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  return (
    <div className="flex gap-4">
      <Link to={listing.url} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {listing.imageUrl ? (
          <ResponsiveImage
            src={listing.imageUrl}
            alt=""
            width={160}
            height={160}
            widths={[160, 320]}
            sizes="(min-width: 768px) 96px, 72px"
            className="size-18 rounded-lg object-cover ring-1 ring-line tablet:size-24"
          />
        ) : (
          <span className="block size-18 rounded-lg bg-light ring-1 ring-line tablet:size-24" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <Link
            to={listing.url}
            className="min-w-0 font-serif text-lg leading-snug text-ink hover:text-primary-dark hover:underline tablet:text-xl"
            data-testid="my-listing-name"
          >
            {listing.name}
          </Link>
          <StatusBadge status={listing.status} />
        </div>
        <p className="text-sm text-muted">
          {t(kindKey(listing))} · {listing.categoryName}
        </p>
        {listing.status === "awaiting_payment" && listing.fee ? (
          <p className="text-sm font-medium text-[#6b5116]" data-testid="my-listing-fee">
            {t("listings.mine.feeDue", { amount: price(listing.fee.amountMinor) })}
          </p>
        ) : null}
        {listing.toppedUntil ? (
          <p className="text-sm font-semibold text-[#6b5116]" data-testid="my-listing-topped">
            ★ {t("listings.mine.toppedUntil", { date: formatDate(listing.toppedUntil, locale, true) })}
          </p>
        ) : null}
        {listing.relistedAsId ? (
          <p className="text-sm text-muted">{t("listings.mine.relistedAs", { id: listing.relistedAsId })}</p>
        ) : null}
      </div>
    </div>
  );
}

/** The price, the bids, the watchers and the time: left, to the start, or when it ended. */
function RowStats({ listing, serverNow }: { listing: MyListing; serverNow: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const auction = listing.format === "auction";
  const finished = listing.status === "ended" || listing.status === "sold";
  // No bid, no final price: an unsold auction still shows what it started at.
  const priceLabel = !auction
    ? t("listings.mine.price.fixed")
    : listing.bidCount === 0
      ? t("listings.mine.price.start")
      : finished
        ? t("listings.mine.price.final")
        : t("listings.mine.price.current");
  let timing: { label: string; value: ReactNode } | null = null;
  if (listing.status === "active" && listing.endsAt)
    timing = {
      label: t("listings.mine.timeLeft"),
      value: <Countdown endsAt={listing.endsAt} serverNow={serverNow} />,
    };
  else if (listing.status === "scheduled" && listing.activationAt)
    timing = { label: t("listings.mine.startsAt"), value: formatDate(listing.activationAt, locale, true) };
  else if (finished && (listing.endedAt ?? listing.endsAt))
    timing = {
      label: t("listings.mine.endedAt"),
      value: formatDate((listing.endedAt ?? listing.endsAt)!, locale),
    };
  return (
    <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-line pt-3 tablet:grid-cols-4">
      <Stat label={priceLabel} testId="my-listing-price">
        {listing.priceMinor === null ? t("listings.mine.byAgreement") : price(listing.priceMinor)}
      </Stat>
      <Stat label={t("listings.mine.bids")} testId="my-listing-bids">
        {auction ? listing.bidCount : "–"}
      </Stat>
      <Stat label={t("listings.mine.watchers")} testId="my-listing-watchers">
        {listing.watchers}
      </Stat>
      <Stat label={timing?.label ?? t("listings.mine.timeLeft")} testId="my-listing-time">
        {timing?.value ?? "–"}
      </Stat>
    </dl>
  );
}

/** Pay the fee, promote, edit, list again, cancel (after a second confirmation). */
function RowActions({ listing, busy }: { listing: MyListing; busy: boolean }) {
  const { t, locale } = useTranslation();
  const { actions } = listing;
  return (
    <div className="mt-4 flex flex-wrap items-start gap-2">
      {actions.pay ? (
        <PayFeeForm
          listingId={listing.id}
          busy={busy}
          className={`${BUTTON} bg-primary-dark text-white hover:bg-primary disabled:opacity-60`}
        />
      ) : null}
      {actions.top ? (
        <Link
          to={localePath("accountAdvertisementTop", locale, { id: listing.id })}
          className={`${BUTTON} bg-secondary text-ink hover:bg-[#b08a36]`}
          data-testid="my-listing-top"
        >
          ★ {t("listings.mine.top")}
        </Link>
      ) : null}
      {actions.edit ? (
        <Link
          to={localePath("accountAdvertisementEdit", locale, { id: listing.id })}
          className={`${BUTTON} border border-primary-dark text-primary-dark hover:bg-light`}
          data-testid="my-listing-edit"
        >
          {t("listings.mine.edit")}
        </Link>
      ) : null}
      {actions.relist ? (
        <Form method="post">
          <input type="hidden" name="id" value={listing.id} />
          <button
            type="submit"
            name="intent"
            value="relist"
            disabled={busy}
            title={t("listings.mine.relistHint")}
            className={`${BUTTON} bg-primary-dark text-white hover:bg-primary disabled:opacity-60`}
            data-testid="my-listing-relist"
          >
            ↻ {t("listings.mine.relist")}
          </button>
        </Form>
      ) : null}
      {actions.cancel ? <CancelRow id={listing.id} busy={busy} /> : null}
    </div>
  );
}

function CancelRow({ id, busy }: { id: number; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="group">
      <summary
        className={`${BUTTON} cursor-pointer list-none text-danger hover:bg-danger/10 [&::-webkit-details-marker]:hidden`}
        data-testid="my-listing-cancel"
      >
        {t("listings.mine.cancel")}
      </summary>
      <Form
        method="post"
        className="mt-2 flex max-w-sm flex-col gap-2 rounded-lg bg-danger/5 p-3 ring-1 ring-danger/25"
      >
        <p className="text-sm">{t("listings.mine.cancelConfirm")}</p>
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="intent"
          value="cancel"
          disabled={busy}
          className={`${BUTTON} self-start bg-danger text-white hover:bg-[#8c2925] disabled:opacity-60`}
          data-testid="my-listing-cancel-confirm"
        >
          {t("listings.mine.cancelYes")}
        </button>
      </Form>
    </details>
  );
}
