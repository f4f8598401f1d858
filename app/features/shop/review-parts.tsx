import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CartLineView, DraftAddress } from "#core/contracts/shop.ts";
import { LineImage } from "./cart-lines.tsx";
import { useCzk } from "./orders/order-parts.tsx";

/** A part of the review with its "Změnit" link back to the step that asked it. */
export function ReviewCard({
  title,
  changeTo,
  children,
  testId,
}: {
  title: string;
  changeTo: string;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl border border-line bg-white p-5" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="font-serif text-xl text-primary-dark">{title}</h2>
        <Link
          to={changeTo}
          aria-label={t("shop.review.changeLabel", { section: title })}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-dark underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-primary-dark"
        >
          {t("shop.review.change")}
        </Link>
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** The lines as they will be ordered: picture, name, pieces times price, the line's total. */
export function ReviewLines({ lines }: { lines: CartLineView[] }) {
  const czk = useCzk();
  return (
    <ul className="divide-y divide-line">
      {lines.map((line) => (
        <li key={line.productId} className="flex items-center gap-3 py-3" data-testid="review-line">
          <LineImage line={line} size="size-14" />
          <div className="min-w-0 flex-1">
            <Link
              to={line.url}
              className="font-semibold text-primary-dark underline-offset-4 hover:underline"
            >
              {line.name}
            </Link>
            <p className="text-sm text-muted tabular-nums">
              {line.quantity} × {czk(line.unitPriceMinor)}
            </p>
          </div>
          <p className="font-semibold whitespace-nowrap tabular-nums">{czk(line.lineTotalMinor)}</p>
        </li>
      ))}
    </ul>
  );
}

/** An address as a letter carries it, with a company's IČO and DIČ. */
export function AddressLines({ address }: { address: DraftAddress }) {
  const { t } = useTranslation();
  return (
    <address className="not-italic leading-relaxed">
      {address.isCompany && address.company ? (
        <span className="block font-semibold">{address.company}</span>
      ) : null}
      <span className="block">{address.name}</span>
      <span className="block">{address.street}</span>
      <span className="block">
        {address.zip} {address.city}
      </span>
      <span className="block">
        {address.countryCode === "SK" ? t("shop.countries.SK") : t("shop.countries.CZ")}
      </span>
      {address.isCompany && address.companyId ? (
        <span className="block text-sm text-muted">
          {t("shop.review.companyId", { value: address.companyId })}
        </span>
      ) : null}
      {address.isCompany && address.taxId ? (
        <span className="block text-sm text-muted">{t("shop.review.taxId", { value: address.taxId })}</span>
      ) : null}
    </address>
  );
}

/** A phone as Czechs write it: "+420 777 123 456", "777 123 456"; anything else as typed. */
export function formatPhone(phone: string): string {
  const international = phone.match(/^\+(\d{3})(\d{3})(\d{3})(\d{3})$/);
  if (international) return `+${international.slice(1).join("\u00a0")}`;
  const national = phone.match(/^(\d{3})(\d{3})(\d{3})$/);
  return national ? national.slice(1).join("\u00a0") : phone;
}
