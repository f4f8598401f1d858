import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DealRole } from "#core/contracts/deals.ts";
import type { DealFeeDocument } from "#core/contracts/payments.ts";
import { DealDocumentList, DealDocuments } from "./deal-documents.tsx";

/**
 * A deal fee's credit note (issued when the fee is refunded after its invoice, ADR 0081) is shown
 * as a credit note where the deal page and the account's payments list it: its own number and the
 * invoice it corrects, never titled as an invoice (its page: invoice-document.test.tsx).
 */

const PAGE_URL = "/ucet/obchody/12";

const INVOICE: DealFeeDocument = {
  dealId: 12,
  number: "2026000101",
  fee: "buyer_protection",
  kind: "invoice",
  corrects: null,
  issuedAt: "2026-11-20T10:00:00.000Z",
  totalMinor: 11_000,
};
const CREDIT_NOTE: DealFeeDocument = {
  ...INVOICE,
  number: "2026000107",
  kind: "credit_note",
  corrects: "2026000101",
  issuedAt: "2026-11-22T10:00:00.000Z",
  totalMinor: -11_000,
};

function render(Component: () => React.ReactNode, locale: "cs" | "en" = "cs") {
  return renderRoute(
    { id: "deal", path: PAGE_URL, loader: () => ({}), Component },
    { url: PAGE_URL, locale, loaderData: { deal: {} } },
  );
}

describe("a deal fee's credit note", () => {
  test("the deal's documents name it a credit note, with the invoice it corrects", () => {
    const role: DealRole = "buyer";
    render(() => <DealDocuments dealId={12} role={role} documents={[INVOICE, CREDIT_NOTE]} />);
    const [invoice, note] = screen.getAllByTestId("deal-document");
    expect(textOf(invoice)).toContain("Faktura č. 2026000101");
    expect(textOf(note)).toContain("Opravný daňový doklad č. 2026000107 k faktuře č. 2026000101");
    expect(textOf(note)).not.toContain("Faktura č. 2026000107");
  });

  test("so does the account's list of deal documents, in English too", () => {
    render(() => <DealDocumentList documents={[CREDIT_NOTE]} />, "en");
    expect(textOf(screen.getByTestId("deal-documents-row"))).toContain(
      "Credit note no. 2026000107 to invoice no. 2026000101",
    );
  });
});
