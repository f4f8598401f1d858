import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealRole } from "#core/contracts/deals.ts";
import type { DealFeeDocument } from "#core/contracts/payments.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { czk } from "./format.ts";

/**
 * The deal's "Doklady" (issue 35, items 2 and 8; ADR 0078): the operator's tax documents for the
 * caller's own fee, the buyer's protection for the buyer and the commission for the seller, each
 * opening as a printable document. Nothing is shown before the deal's money is settled.
 */
export function DealDocuments({
  dealId,
  role,
  documents,
}: {
  dealId: number;
  role: DealRole;
  documents: DealFeeDocument[];
}) {
  const { t, locale } = useTranslation();
  if (documents.length === 0) return null;
  return (
    <section
      className="rounded-2xl bg-white p-5 ring-1 ring-line"
      aria-labelledby="deal-documents"
      data-testid="deal-documents"
    >
      <h2 id="deal-documents" className="font-serif text-xl text-primary-dark">
        {t("dealDocuments.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(`dealDocuments.lead.${role}`)}</p>
      <ul className="mt-3 flex flex-col divide-y divide-line text-sm">
        {documents.map((document) => (
          <li key={document.number} className="flex flex-col gap-1 py-2.5" data-testid="deal-document">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{t(`dealDocuments.fee.${document.fee}`)}</span>
              <span className="tabular-nums font-semibold">{czk(document.totalMinor, locale)}</span>
            </div>
            <span className="text-muted">
              {t(`dealDocuments.kind.${document.kind}`, { number: document.number })} ·{" "}
              {t("dealDocuments.issued", { date: formatDate(document.issuedAt, locale) })}
            </span>
            <Link
              to={localePath("accountDealDocument", locale, { dealId, number: document.number })}
              className="inline-flex min-h-11 items-center self-start font-semibold text-primary-dark underline underline-offset-4"
            >
              {t("dealDocuments.open")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
