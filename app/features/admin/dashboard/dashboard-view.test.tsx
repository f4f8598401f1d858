import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { renderRoute, renderRouteHydrated, textOf } from "#app/test/render-route.tsx";
import type {
  Dashboard,
  DashboardDay,
  DashboardFigure,
  DashboardQueue,
} from "#core/contracts/admin-dashboard.ts";
import { DashboardView } from "./dashboard-view.tsx";

const DATES = ["17", "18", "19", "20", "21", "22", "23"].map((day) => `2026-11-${day}`);
const PREVIOUS_DATES = ["10", "11", "12", "13", "14", "15", "16"].map((day) => `2026-11-${day}`);

function days(dates: string[], counts: number[], amounts?: number[]): DashboardDay[] {
  return dates.map((date, index) => ({
    date,
    count: counts[index],
    amountMinor: amounts ? amounts[index] : null,
  }));
}

const COUNTS: DashboardFigure[] = [
  {
    key: "newListings",
    scope: null,
    money: false,
    current: days(DATES, [2, 0, 0, 0, 0, 1, 1]),
    previous: days(PREVIOUS_DATES, [1, 0, 0, 0, 0, 0, 1]),
  },
  {
    key: "bids",
    scope: null,
    money: false,
    current: days(DATES, [0, 0, 0, 0, 0, 0, 2]),
    previous: days(PREVIOUS_DATES, [0, 0, 0, 0, 0, 0, 0]),
  },
];
const ZERO = [0, 0, 0, 0, 0, 0, 0];
const MONEY: DashboardFigure[] = [
  {
    key: "shopSales",
    scope: "orders",
    money: true,
    current: days(DATES, [0, 0, 2, 0, 0, 0, 0], [0, 0, 200_000, 0, 0, 0, 0]),
    previous: days(PREVIOUS_DATES, [0, 0, 1, 0, 0, 0, 0], [0, 0, 70_000, 0, 0, 0, 0]),
  },
  {
    key: "auctionSales",
    scope: "orders",
    money: true,
    current: days(DATES, ZERO, ZERO),
    previous: days(PREVIOUS_DATES, ZERO, ZERO),
  },
  {
    key: "fees",
    scope: "orders",
    money: true,
    current: days(DATES, ZERO, ZERO),
    previous: days(PREVIOUS_DATES, ZERO, ZERO),
  },
];
const ORDER_QUEUES: DashboardQueue[] = [
  { key: "ordersToShip", scope: "orders", count: 3 },
  { key: "ordersAwaitingTransfer", scope: "orders", count: 1 },
];

/** What the server answers each role (server/modules/admin/dashboard.ts filters by scope). */
const OWNER: Dashboard = {
  queues: [
    { key: "reports", scope: "moderation", count: 4 },
    ...ORDER_QUEUES,
    { key: "listingsLive", scope: "catalog", count: 1234 },
  ],
  figures: [...COUNTS, ...MONEY],
};
const ACCOUNTANT: Dashboard = { queues: ORDER_QUEUES, figures: [...COUNTS, ...MONEY] };
const EDITOR_WITHOUT_QUEUES: Dashboard = { queues: [], figures: COUNTS };

/** A table row's cells, one space apart. */
const cells = (row: Element) => [...row.querySelectorAll("th, td")].map(textOf).join(" ");

function Page({ loaderData }: { loaderData: { dashboard: Dashboard } }) {
  return <DashboardView dashboard={loaderData.dashboard} />;
}

const route = (dashboard: Dashboard, path = "/admin") => ({
  id: "dashboard",
  path,
  loader: () => ({ dashboard }),
  Component: Page,
});
const render = (dashboard: Dashboard, locale: "cs" | "en" = "cs") =>
  renderRoute(route(dashboard, locale === "cs" ? "/admin" : "/en/admin"), {
    url: locale === "cs" ? "/admin" : "/en/admin",
    locale,
    loaderData: { dashboard: { dashboard } },
  });

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("DashboardView", () => {
  test("the owner sees every queue's card with its count and link, and every figure", () => {
    render(OWNER);
    const cards = within(screen.getByTestId("queue-cards")).getAllByRole("listitem");
    expect(cards.map((card) => card.dataset.testid)).toEqual([
      "queue-reports",
      "queue-ordersToShip",
      "queue-ordersAwaitingTransfer",
      "queue-listingsLive",
    ]);
    const toShip = screen.getByTestId("queue-ordersToShip");
    expect(textOf(within(toShip).getByTestId("queue-count"))).toBe("3");
    expect(within(toShip).getByRole("link", { name: "Otevřít" }).getAttribute("href")).toBe(
      "/admin/objednavky?kind=shop&status=paid",
    );
    expect(textOf(within(screen.getByTestId("queue-listingsLive")).getByTestId("queue-count"))).toBe("1 234");
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Nové inzeráty",
      "Příhozy",
      "Zaplacené objednávky obchodu",
      "Prodané aukce",
      "Zaplacené poplatky a topování",
    ]);
  });

  test("an accountant sees only the money cards; without queues the dashboard says nothing waits", () => {
    render(ACCOUNTANT);
    expect(screen.getAllByTestId(/^queue-orders/)).toHaveLength(2);
    expect(screen.queryByTestId("queue-reports")).toBeNull();
    expect(screen.queryByTestId("queue-listingsLive")).toBeNull();
    document.body.innerHTML = "";

    render(EDITOR_WITHOUT_QUEUES);
    expect(screen.queryByTestId("queue-cards")).toBeNull();
    expect(screen.getByText("Ve vašich částech administrace teď nic nečeká.")).toBeTruthy();
    expect(screen.queryByTestId("figure-shopSales")).toBeNull();
  });

  test("a figure's week total beside the week before, and its days as a table with a caption", () => {
    render(OWNER);
    const listings = screen.getByTestId("figure-newListings");
    expect(textOf(within(listings).getByTestId("figure-total"))).toBe("4");
    expect(textOf(listings)).toContain("týden předtím 2 · změna +100 %");
    const table = within(listings).getByRole("table", { name: "Nové inzeráty po dnech" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map(cells)).toEqual([
      "Den Tento týden Týden předtím",
      "út 17. 11. 2 1",
      "st 18. 11. 0 0",
      "čt 19. 11. 0 0",
      "pá 20. 11. 0 0",
      "so 21. 11. 0 0",
      "ne 22. 11. 1 0",
      "po 23. 11. 1 1",
    ]);

    const shop = screen.getByTestId("figure-shopSales");
    expect(textOf(within(shop).getByTestId("figure-total"))).toBe("2 000 Kč (2)");
    expect(textOf(shop)).toContain("týden předtím 700 Kč (1)");
    expect(
      within(shop).getByRole("table", { name: "Zaplacené objednávky obchodu po dnech V závorce počet." }),
    ).toBeTruthy();
    expect(cells(within(shop).getAllByRole("row")[3])).toBe("čt 19. 11. 2 000 Kč (2) 700 Kč (1)");
  });

  test("in English too", () => {
    render(OWNER, "en");
    expect(screen.getByRole("heading", { name: "What waits for whom" })).toBeTruthy();
    expect(within(screen.getByTestId("queue-ordersToShip")).getByRole("link").getAttribute("href")).toBe(
      "/en/admin/orders?kind=shop&status=paid",
    );
    const rows = within(screen.getByTestId("figure-bids")).getAllByRole("row");
    expect(cells(rows[7])).toBe("Mon 23/11 2 0");
  });

  test("the server's HTML has the figures as text and an empty chart box hidden from screen readers; hydration matches it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let serverHtml = "";
    await renderRouteHydrated(
      route(OWNER),
      { url: "/admin", loaderData: { dashboard: { dashboard: OWNER } } },
      (container) => {
        serverHtml = container.innerHTML;
      },
    );
    expect(serverHtml).toContain("Nové inzeráty po dnech");
    expect(serverHtml).toContain("2&nbsp;000&nbsp;Kč (2)");
    expect(serverHtml).not.toContain("<svg");
    const charts = screen.getAllByTestId("figure-chart");
    expect(charts).toHaveLength(5);
    expect(charts.every((chart) => chart.getAttribute("aria-hidden") === "true")).toBe(true);
    expect(errors.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))).toEqual([]);
  });

  test("the deals' cards: a held-money mismatch shows its amount and opens the balance check", () => {
    render({
      queues: [
        { key: "dealsOverdue", scope: "deals", count: 2 },
        { key: "dealCallsRefused", scope: "deals", count: 1 },
        { key: "dealsBalanceMismatch", scope: "deals", count: 1, amountMinor: -1_200_000 },
      ],
      figures: COUNTS,
    });
    const mismatch = screen.getByTestId("queue-dealsBalanceMismatch");
    expect(textOf(within(mismatch).getByTestId("queue-amount"))).toMatch(/^−?-?12\s000,00\sKč$/);
    expect(within(mismatch).getByRole("link").getAttribute("href")).toBe("/admin/obchody/kontrola");
    expect(within(screen.getByTestId("queue-dealCallsRefused")).getByRole("link").getAttribute("href")).toBe(
      "/admin/obchody/vyplaty?state=refused",
    );
    expect(within(screen.getByTestId("queue-dealsOverdue")).queryByTestId("queue-amount")).toBeNull();
  });
});
