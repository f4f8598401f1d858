import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import { type ReconciliationData, ReconciliationView } from "./reconciliation-view.tsx";

/**
 * The held money's check as the operator reads it: the last check large with a mismatch said as
 * money missing or extra at the provider, "Check now" only with a provider, the history below.
 */

const CHECKS: ReconciliationData["history"] = [
  {
    id: 2,
    checkedAt: "2026-11-25T05:30:00Z",
    expectedMinor: 803_450,
    providerMinor: 791_450,
    differenceMinor: -12_000,
    requestedBy: null,
  },
  {
    id: 1,
    checkedAt: "2026-11-24T05:30:00Z",
    expectedMinor: 512_300,
    providerMinor: 512_300,
    differenceMinor: 0,
    requestedBy: "rarita.admin",
  },
];

function Page({ loaderData }: { loaderData: { data: ReconciliationData } }) {
  return <ReconciliationView data={loaderData.data} />;
}

const render = (data: ReconciliationData, locale: "cs" | "en" = "cs") => {
  const path = locale === "cs" ? "/admin/obchody/kontrola" : "/en/admin/deals/reconciliation";
  renderRoute(
    { id: "check", path, loader: () => ({ data }), Component: Page },
    {
      url: path,
      locale,
      loaderData: { check: { data } },
    },
  );
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("ReconciliationView", () => {
  test("shows the last check's mismatch as money missing at the provider, and the history", () => {
    render({ configured: true, history: CHECKS });
    const latest = screen.getByTestId("reconciliation-latest");
    expect(textOf(latest)).toContain("U poskytovatele chybí 120,00 Kč");
    expect(screen.getByRole("button", { name: "Zkontrolovat nyní" })).toBeTruthy();
    const rows = within(screen.getByTestId("reconciliation-history")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(textOf(rows[2])).toContain("Souhlasí");
    expect(textOf(rows[2])).toContain("rarita.admin");
    expect(textOf(rows[1])).toContain("Denní kontrola");
  });

  test("without a provider it says so and offers nothing to run, in English too", () => {
    render({ configured: false, history: [] }, "en");
    expect(textOf(screen.getByTestId("reconciliation-no-provider"))).toContain(
      "No payment provider is configured",
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByTestId("reconciliation-history")).toBeNull();
  });
});
