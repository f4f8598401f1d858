import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { InvoicePayload } from "#core/contracts/payments.ts";
import { InvoiceDocument } from "./invoice-document.tsx";

/**
 * A tax document's printable page: a credit note (an order's, or a deal fee's refunded after its
 * invoice, ADR 0081) is titled as one, names the document it corrects and says the amount was
 * refunded; an invoice stays an invoice, paid.
 */

const PAGE_URL = "/ucet/obchody/12/doklad/2026000107";

const PAYLOAD: InvoicePayload = {
  number: "2026000107",
  corrects: "2026000101",
  orderId: null,
  dealId: 12,
  issuedAt: "2026-11-22T10:00:00.000Z",
  suppliedAt: "2026-11-22T10:00:00.000Z",
  supplier: { name: "Rarita s.r.o.", companyId: "28953177" },
  customer: { name: "Jan Kupec", email: "kupec@rarita.test" },
  lines: [
    {
      description: "Ochrana kupujícího – obchod č. 12",
      quantity: 1,
      unitPriceMinor: -11_000,
      totalMinor: -11_000,
    },
  ],
  vatRate: 21,
  baseMinor: -9_091,
  vatMinor: -1_909,
  totalMinor: -11_000,
  currencyCode: "CZK",
  paymentMethod: "card",
  variableSymbol: "12",
};

/** A stub document page: the payload as its loader gives it. */
function Page({ loaderData }: { loaderData: { invoice: InvoicePayload } }) {
  return <InvoiceDocument invoice={loaderData.invoice} back={{ to: "/ucet/obchody/12", label: "Zpět" }} />;
}

function render(invoice: InvoicePayload, locale: "cs" | "en" = "cs") {
  return renderRoute(
    { id: "document", path: PAGE_URL, loader: () => ({ invoice }), Component: Page },
    { url: PAGE_URL, locale, loaderData: { document: { invoice } } },
  );
}

describe("InvoiceDocument", () => {
  test("a credit note is titled as one, names the corrected invoice and says it was refunded", () => {
    render(PAYLOAD);
    expect(textOf(screen.getByTestId("invoice-title"))).toBe("Opravný daňový doklad č. 2026000107");
    expect(textOf(screen.getByTestId("invoice-document"))).toContain("Opravuje daňový doklad č.2026000101");
    expect(textOf(screen.getByTestId("invoice-settled"))).toBe("Částka byla vrácena.");
    expect(textOf(screen.getByTestId("invoice-document"))).not.toContain("Faktura");
  });

  test("in English too", () => {
    render(PAYLOAD, "en");
    expect(textOf(screen.getByTestId("invoice-title"))).toBe("Credit note no. 2026000107");
    expect(textOf(screen.getByTestId("invoice-document"))).toContain("Corrects tax document no.2026000101");
    expect(textOf(screen.getByTestId("invoice-settled"))).toBe("The amount was refunded.");
  });

  test("an invoice stays titled as one, paid", () => {
    const { corrects: _, ...invoice } = { ...PAYLOAD, number: "2026000101" };
    render(invoice);
    expect(textOf(screen.getByTestId("invoice-title"))).toBe("Faktura – daňový doklad č. 2026000101");
    expect(textOf(screen.getByTestId("invoice-settled"))).toBe("Uhrazeno – neplaťte.");
    expect(textOf(screen.getByTestId("invoice-document"))).not.toContain("Opravuje");
  });
});
