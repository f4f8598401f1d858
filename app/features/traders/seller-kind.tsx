import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { PublicSeller } from "#core/contracts/traders.ts";

/**
 * Who the buyer is dealing with (issue 36, item 2): "Obchodník" with the trader's DSA Art 30/31
 * details (name, address, IČO, trade register, e-mail, phone, when ARES verified the IČO), or
 * "Soukromá osoba" with the CRD Art 6a notice that EU consumer rights do not apply. Nothing while
 * the seller has not declared (they cannot publish until they do). On the product page and the
 * public profile.
 */
export function SellerKindBox({ seller }: { seller: PublicSeller | null }) {
  const { t, locale } = useTranslation();
  if (!seller) return null;
  if (seller.kind === "private")
    return (
      <section
        aria-label={t("traders.public.title")}
        className="rounded-2xl bg-white p-5 text-sm ring-1 ring-line"
        data-testid="seller-kind"
        data-kind="private"
      >
        <p>
          <span className="rounded-full bg-primary-dark/8 px-2.5 py-0.5 text-xs font-semibold text-primary-dark">
            {t("traders.public.private")}
          </span>
        </p>
        <p className="mt-2 leading-relaxed text-muted" data-testid="crd-notice">
          {t("traders.public.privateNotice")}
        </p>
      </section>
    );
  const rows: [string, string][] = [
    [t("traders.public.address"), seller.address],
    [t("traders.public.ico"), seller.ico],
    [t("traders.public.register"), `${seller.registerName}, ${seller.registerNumber}`],
    [t("traders.public.email"), seller.email],
    [t("traders.public.phone"), seller.phone],
  ];
  return (
    <section
      aria-label={t("traders.public.title")}
      className="rounded-2xl bg-white p-5 text-sm ring-1 ring-line"
      data-testid="seller-kind"
      data-kind="trader"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-primary-dark px-2.5 py-0.5 text-xs font-semibold text-white">
          {t("traders.public.trader")}
        </span>
        <span className="font-semibold text-ink" data-testid="trader-name">
          {seller.name}
        </span>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {seller.aresVerifiedAt ? (
        <p className="mt-2 text-xs font-semibold text-[#1f5c44]" data-testid="ares-verified">
          ✓ {t("traders.public.verified", { date: formatDate(seller.aresVerifiedAt, locale) })}
        </p>
      ) : null}
      <p className="mt-2 leading-relaxed text-muted">{t("traders.public.traderNotice")}</p>
    </section>
  );
}
