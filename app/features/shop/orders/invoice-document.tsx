import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { InvoiceParty, InvoicePayload } from "#core/contracts/payments.ts";
import { formatDate } from "#core/formats/dates.ts";
import { useCzk } from "./order-parts.tsx";

/**
 * A tax document (VAT Act 235/2004 §29; docs/product/payments.md, "Tax documents") as the account's
 * `/ucet/platba/doklad/:number` and a shop order's `/shrnuti/:id/:hash/doklad` show it.
 */

type Party = InvoiceParty;

function PartyBlock({ title, party, extra }: { title: string; party: Party; extra?: ReactNode }) {
  const { t } = useTranslation();
  const cityLine = [party.zip, party.city].filter(Boolean).join(" ");
  return (
    <section className="flex flex-col gap-0.5">
      <h2 className="mb-1 text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      <p className="font-semibold">{party.name}</p>
      {party.street ? <p>{party.street}</p> : null}
      {cityLine ? <p>{cityLine}</p> : null}
      {party.companyId ? (
        <p>
          {t("payments.document.companyId")}: {party.companyId}
        </p>
      ) : null}
      {party.taxId ? (
        <p>
          {t("payments.document.taxId")}: {party.taxId}
        </p>
      ) : null}
      {party.email ? <p className="text-muted">{party.email}</p> : null}
      {extra}
    </section>
  );
}

/** The invoice's lines: item, quantity, unit price, line total. */
function InvoiceLines({ lines }: { lines: InvoicePayload["lines"] }) {
  const { t } = useTranslation();
  const price = useCzk();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] border-collapse text-left" data-testid="invoice-lines">
        <thead>
          <tr className="border-b-2 border-line text-sm text-muted">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("payments.document.item")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t("payments.document.quantity")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t("payments.document.unitPrice")}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              {t("payments.document.lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.description} className="border-b border-line">
              <td className="py-2 pr-3">{line.description}</td>
              <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="px-3 py-2 text-right tabular-nums">{price(line.unitPriceMinor)}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{price(line.totalMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The tax base, the VAT and the total, and that it is paid (a credit note's: refunded). */
function InvoiceSummary({ invoice }: { invoice: InvoicePayload }) {
  const { t } = useTranslation();
  const price = useCzk();
  return (
    <div className="ml-auto flex w-full max-w-sm flex-col gap-1">
      <dl className="flex flex-col gap-1.5" data-testid="invoice-summary">
        <div className="flex justify-between gap-4">
          <dt>{t("payments.document.base", { rate: invoice.vatRate })}</dt>
          <dd className="tabular-nums">{price(invoice.baseMinor)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t("payments.document.vat", { rate: invoice.vatRate })}</dt>
          <dd className="tabular-nums" data-testid="invoice-vat">
            {price(invoice.vatMinor)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
          <dt>{t("payments.document.total")}</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {price(invoice.totalMinor)}
          </dd>
        </div>
      </dl>
      <p className="text-right font-semibold text-[#1f5c44]" data-testid="invoice-settled">
        {invoice.corrects ? t("payments.document.refunded") : t("payments.document.paid")}
      </p>
    </div>
  );
}

/**
 * A tax document exactly as it was issued, ready to print (header, footer and overlays are left
 * out of the print), with the way back to where it was opened from. A credit note (its payload
 * names the document it `corrects`, VAT Act §45) is titled as one and names that document.
 */
export function InvoiceDocument({
  invoice,
  back,
}: {
  invoice: InvoicePayload;
  back: { to: string; label: string };
}) {
  const { t, locale } = useTranslation();
  const facts: [string, string][] = [
    [t("payments.document.issuedAt"), formatDate(invoice.issuedAt, locale)],
    [t("payments.document.suppliedAt"), formatDate(invoice.suppliedAt, locale)],
    [t("payments.document.method"), t(`payments.document.methods.${invoice.paymentMethod}`)],
    [t("payments.document.variableSymbol"), invoice.variableSymbol],
    // A deal fee's document (ADR 0081) names its deal instead of an order.
    invoice.orderId === null
      ? [t("payments.document.deal"), String(invoice.dealId)]
      : [t("payments.document.order"), String(invoice.orderId)],
  ];
  if (invoice.corrects) facts.unshift([t("payments.document.corrects"), invoice.corrects]);
  return (
    <section className="container-page py-8 tablet:py-12" data-testid="invoice-document">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3" data-print="hide">
        <Link to={back.to} className="font-semibold text-primary-dark underline" data-testid="invoice-back">
          ← {back.label}
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
        >
          {t("payments.document.print")}
        </button>
      </div>
      <article className="mx-auto flex max-w-4xl flex-col gap-8 rounded-xl border border-line bg-white p-5 tablet:p-10 print:border-0 print:p-0">
        <h1 className="font-serif text-2xl text-primary-dark tablet:text-3xl" data-testid="invoice-title">
          {t(invoice.corrects ? "payments.document.creditNoteTitle" : "payments.document.title", {
            number: invoice.number,
          })}
        </h1>
        <div className="grid gap-6 tablet:grid-cols-2">
          <PartyBlock
            title={t("payments.document.supplier")}
            party={invoice.supplier}
            extra={
              invoice.supplier.register ? (
                <p className="mt-1 text-sm text-muted">{invoice.supplier.register}</p>
              ) : null
            }
          />
          <PartyBlock title={t("payments.document.customer")} party={invoice.customer} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg bg-light p-4 tablet:grid-cols-2 print:bg-white">
          {facts.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <InvoiceLines lines={invoice.lines} />
        <InvoiceSummary invoice={invoice} />
      </article>
    </section>
  );
}
