import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { InfluencerStats } from "#core/contracts/shop.ts";
import VoucherStatsPage from "./voucher-stats.tsx";

const STATS: InfluencerStats = {
  code: "PETR5",
  kind: "percent",
  value: 5,
  marginPercent: 7,
  validTo: null,
  orders: 3,
  revenueMinor: 612_000,
  marginMinor: 42_840,
  pendingOrders: 1,
  months: [
    { month: "2026-11", orders: 1, revenueMinor: 150_000, marginMinor: 10_500 },
    { month: "2026-08", orders: 2, revenueMinor: 462_000, marginMinor: 32_340 },
  ],
};

function renderStats(stats: InfluencerStats, locale: "cs" | "en" = "cs") {
  const loaderData = { stats, now: "2026-11-23T16:00:00.000Z" };
  const path = locale === "cs" ? "/ucet/muj-poukaz" : "/en/account/my-voucher";
  return renderRoute(
    {
      id: "voucher",
      path,
      loader: () => loaderData,
      // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader gives.
      Component: VoucherStatsPage as any,
    },
    { user: { hasVoucher: true }, url: path, locale, loaderData: { voucher: loaderData } },
  );
}

describe("the influencer's voucher page", () => {
  test("the code, its terms, the totals and every month, the chart filling the months without orders", () => {
    renderStats(STATS);
    expect(screen.getByTestId("voucher-code").textContent).toBe("PETR5");
    expect(textOf(screen.getByTestId("voucher-discount"))).toBe("5 %");
    expect(textOf(screen.getByTestId("voucher-margin"))).toBe("7 % z tržby");
    expect(textOf(screen.getByTestId("voucher-validity"))).toBe("bez omezení");
    expect(screen.getByTestId("voucher-orders").textContent).toBe("3");
    expect(textOf(screen.getByTestId("voucher-revenue"))).toBe("6 120,00 Kč");
    expect(textOf(screen.getByTestId("voucher-margin-total"))).toBe("428,40 Kč");
    expect(screen.getByTestId("voucher-pending").textContent).toBe("1");

    const rows = screen.getAllByTestId("voucher-month");
    expect(rows.map((row) => [...row.children].map((cell) => textOf(cell)))).toEqual([
      ["listopad 2026", "1", "1 500,00 Kč", "105,00 Kč"],
      ["srpen 2026", "2", "4 620,00 Kč", "323,40 Kč"],
    ]);
    // August to November: four bars, oldest first.
    const chart = screen.getByTestId("voucher-chart");
    expect(within(chart).getByRole("img").getAttribute("aria-label")).toBe(
      "Tržba s vaším kódem po měsících: srpen 2026 – listopad 2026",
    );
    expect(
      within(chart)
        .getAllByTestId("voucher-bar")
        .map((bar) => [bar.dataset.month, bar.style.height]),
    ).toEqual([
      ["2026-08", "100%"],
      ["2026-09", "0%"],
      ["2026-10", "0%"],
      ["2026-11", `${(150_000 / 462_000) * 100}%`],
    ]);
  });

  test("a fixed voucher that has expired and has not sold yet", () => {
    renderStats(
      {
        ...STATS,
        kind: "fixed",
        value: 50_000,
        validTo: "2026-10-31T22:59:59.000Z",
        orders: 0,
        revenueMinor: 0,
        marginMinor: 0,
        pendingOrders: 0,
        months: [],
      },
      "en",
    );
    expect(textOf(screen.getByTestId("voucher-discount"))).toBe("CZK 500.00");
    expect(textOf(screen.getByTestId("voucher-validity"))).toBe("expired on 31 October 2026");
    expect(screen.getByTestId("voucher-empty")).toBeTruthy();
    expect(screen.queryByTestId("voucher-chart")).toBeNull();
  });
});
