import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealRole } from "#core/contracts/deals.ts";
import type { DealFeeDocument } from "#core/contracts/payments.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { czk } from "./format.ts";

/**
 * The deal's "Doklady" (issue 35, items 2 and 8; ADR 0081): the operator's tax documents for the
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
              {t(`dealDocuments.kind.${document.kind}`, {
                number: document.number,
                corrects: document.corrects ?? "",
              })}{" "}
              · {t("dealDocuments.issued", { date: formatDate(document.issuedAt, locale) })}
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

/**
 * The account's payments page (`/ucet/platba`): the operator's documents of every deal of the
 * user's, their own side's, newest first, each with its deal and opening as the deal's document.
 */
export function DealDocumentList({ documents }: { documents: DealFeeDocument[] }) {
  const { t, locale } = useTranslation();
  if (documents.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="deal-documents-list" data-testid="deal-documents-list">
      <h2 id="deal-documents-list" className="font-serif text-2xl text-primary-dark">
        {t("dealDocuments.list.title")}
      </h2>
      <p className="mt-1 text-muted">{t("dealDocuments.list.intro")}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {documents.map((document) => (
          <li
            key={document.number}
            className="flex flex-col gap-2 rounded-xl border border-line bg-white p-4 tablet:flex-row tablet:items-center tablet:justify-between tablet:p-5"
            data-testid="deal-documents-row"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-semibold text-ink">{t(`dealDocuments.fee.${document.fee}`)}</p>
              <p className="text-sm text-muted">
                <Link
                  to={localePath("accountDeal", locale, { dealId: document.dealId })}
                  className="text-primary-dark underline"
                >
                  {t("dealDocuments.list.deal", { id: document.dealId })}
                </Link>
                {" · "}
                {t(`dealDocuments.kind.${document.kind}`, {
                  number: document.number,
                  corrects: document.corrects ?? "",
                })}{" "}
                · {formatDate(document.issuedAt, locale)}
              </p>
            </div>
            <div className="flex items-center justify-between gap-4 tablet:flex-col tablet:items-end tablet:gap-1">
              <span className="text-lg font-semibold text-ink tabular-nums">
                {czk(document.totalMinor, locale)}
              </span>
              <Link
                to={localePath("accountDealDocument", locale, {
                  dealId: document.dealId,
                  number: document.number,
                })}
                className="inline-flex min-h-10 items-center font-semibold text-primary-dark underline"
              >
                {t("dealDocuments.open")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
