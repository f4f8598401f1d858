import { cleanup, screen, waitFor, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, test } from "vitest";
import { useActiveFilters } from "#app/features/catalog/active-filters.tsx";
import { FilterPanel } from "#app/features/catalog/filter-panel.tsx";
import { deferred, LocationProbe, type RenderRouteOptions, renderRoute } from "#app/test/render-route.tsx";

type ListingData = ComponentProps<typeof FilterPanel>["data"];
type Filters = ListingData["state"]["filters"];

const PATH = "/1/alkohol";

const NO_FILTERS: Filters = {
  formats: [],
  types: [],
  durations: [],
  priceFrom: null,
  priceTo: null,
  brandIds: [],
  packageIds: [],
  verified: false,
  endingSoon: false,
  attributes: {},
  ranges: {},
};

/** A category listing's data as its loader gives it, with the filter block's parts. */
function listing(change: Partial<ListingData> = {}, filters: Partial<Filters> = {}): ListingData {
  return {
    kind: "category",
    locale: "cs",
    now: "2031-06-20T10:00:00.000Z",
    pathname: PATH,
    state: { q: "", sort: null, page: 1, filters: { ...NO_FILTERS, ...filters } },
    defaultSort: "recommended",
    sorts: ["recommended", "newest"],
    groups: ["format", "type", "duration", "price", "brand", "package", "other"],
    result: { items: [], total: 0, page: 1, perPage: 24, pageCount: 0 },
    facets: {
      brands: [
        { id: 4, name: "Hampden", count: 12 },
        { id: 7, name: "Diplomático", count: 5 },
      ],
      packages: [{ id: 2, name: "Láhev 0,7 l", count: 30 }],
    },
    currency: { code: "CZK", symbol: "Kč" },
    category: null,
    roundEndsAt: null,
    heading: "Alkohol",
    intro: null,
    breadcrumbs: [],
    seo: {
      origin: "https://rarita.test",
      title: "Alkohol",
      description: "",
      canonicalPath: PATH,
      alternates: { cs: PATH, en: `/en${PATH}` },
      prevPath: null,
      nextPath: null,
      noindex: false,
    },
    ...change,
  };
}

function ListingPage({ loaderData }: { loaderData: ListingData }) {
  return (
    <>
      <FilterPanel data={loaderData} />
      <LocationProbe />
    </>
  );
}

/**
 * The filter block on a stub listing page at `url`; `load` answers the loader when a filter
 * navigates (the same data by default).
 */
function renderFilters(
  data: ListingData = listing(),
  { url = data.pathname, load = () => data, ...options }: RenderRouteOptions & { load?: () => unknown } = {},
) {
  return renderRoute(
    { id: "listing", path: data.pathname, loader: load, Component: ListingPage },
    { ...options, url, loaderData: { listing: data } },
  );
}

const filters = () => screen.getByTestId("filters");
const location = () => screen.getByTestId("location").textContent;
/** Waits until the router is at `expected` (path and query); fails if it does not get there. */
const atLocation = (expected: string) => screen.findByText(expected, { selector: "[data-testid=location]" });

describe("FilterPanel", () => {
  test("offers the groups the page allows, with their choices", () => {
    renderFilters();
    const form = within(filters());
    for (const group of ["Způsob prodeje", "Typ", "Délka aukce", "Cena (Kč)", "Značka", "Balení", "Další"])
      expect(form.getByRole("group", { name: group })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "Aukce" })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "Inzeráty" })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "E-shop" })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "Měsíční aukce" })).toBeTruthy();
    // Facets carry their counts.
    expect(form.getByRole("checkbox", { name: "Hampden 12" })).toBeTruthy();
    expect(form.getByRole("button", { name: "Zobrazit výsledky" })).toBeTruthy();
  });

  test("a count in the thousands is grouped the language's way", () => {
    const facets = (locale: "cs" | "en") =>
      listing({
        locale,
        facets: {
          brands: [{ id: 4, name: "Hampden", count: 14_928 }],
          packages: [],
          attributes: [
            {
              key: "country",
              label: locale === "cs" ? "Země" : "Country",
              type: "enum",
              unit: null,
              values: [{ value: "skotsko", label: "Skotsko", count: 111_822 }],
              range: null,
            },
          ],
        },
      });
    renderFilters(facets("cs"));
    expect(within(filters()).getByRole("checkbox", { name: "Hampden 14\u00a0928" })).toBeTruthy();
    expect(within(filters()).getByRole("checkbox", { name: "Skotsko 111\u00a0822" })).toBeTruthy();
    cleanup();
    renderFilters(facets("en"), { locale: "en" });
    expect(within(filters()).getByRole("checkbox", { name: "Hampden 14,928" })).toBeTruthy();
    expect(within(filters()).getByRole("checkbox", { name: "Skotsko 111,822" })).toBeTruthy();
  });

  test("facets counted from a capped sample (a total of 1 000+) show no counts", () => {
    const { facets } = listing();
    renderFilters(listing({ facets: { ...facets, capped: true } }));
    const form = within(filters());
    expect(form.getByRole("checkbox", { name: "Hampden" })).toBeTruthy();
    expect(form.queryByRole("checkbox", { name: "Hampden 12" })).toBeNull();
  });

  test("an attribute facet counted from a capped sample shows its values without counts", () => {
    const { facets } = listing();
    const country = (capped?: boolean) => ({
      key: "country",
      label: "Země",
      type: "text" as const,
      unit: null,
      values: [{ value: "skotsko", label: "Skotsko", count: 412 }],
      range: null,
      ...(capped ? { capped } : {}),
    });
    renderFilters(listing({ facets: { ...facets, attributes: [country(true)] } }));
    expect(within(filters()).getByRole("checkbox", { name: "Skotsko" })).toBeTruthy();
    cleanup();
    renderFilters(listing({ facets: { ...facets, attributes: [country()] } }));
    expect(within(filters()).getByRole("checkbox", { name: "Skotsko 412" })).toBeTruthy();
  });

  test("a page with fixed parts leaves their groups out, and facets with nothing to offer", () => {
    renderFilters(
      listing({
        kind: "dailyAuctions",
        pathname: "/denni-aukce",
        groups: ["price", "brand", "package", "other"],
        facets: { brands: [], packages: [{ id: 2, name: "Láhev 0,7 l", count: 3 }] },
      }),
    );
    const form = within(filters());
    expect(form.queryByRole("group", { name: "Způsob prodeje" })).toBeNull();
    expect(form.queryByRole("group", { name: "Délka aukce" })).toBeNull();
    expect(form.queryByRole("group", { name: "Značka" })).toBeNull();
    expect(form.getByRole("group", { name: "Balení" })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "Končí do 24 hodin" })).toBeTruthy();
  });

  test("ticking a box applies it at once as a clean URL, and unticking takes it out again", async () => {
    const { user } = renderFilters();
    await user.click(screen.getByRole("checkbox", { name: "Aukce" }));
    await atLocation(`${PATH}?format=auction`);

    await user.click(screen.getByRole("checkbox", { name: "Měsíční aukce" }));
    await atLocation(`${PATH}?format=auction&delka=month`);

    await user.click(screen.getByRole("checkbox", { name: "Aukce" }));
    await atLocation(`${PATH}?delka=month`);
  });

  test("every kind of box has its parameter: type, brand, package, verified sellers, ending soon", async () => {
    const { user } = renderFilters();
    await user.click(screen.getByRole("checkbox", { name: "Poptávka" }));
    await user.click(screen.getByRole("checkbox", { name: "Diplomático 5" }));
    await user.click(screen.getByRole("checkbox", { name: "Láhev 0,7 l 30" }));
    await user.click(screen.getByRole("checkbox", { name: "Jen ověření prodejci" }));
    await user.click(screen.getByRole("checkbox", { name: "Končí do 24 hodin" }));
    await atLocation(`${PATH}?typ=demand&znacka=7&baleni=2&overeny=1&konci=24`);
  });

  test("the price range waits for 'Použít cenu', then goes into the URL", async () => {
    const { user } = renderFilters();
    const form = within(filters());
    await user.type(form.getByLabelText("Od"), "1000");
    await user.type(form.getByLabelText("Do"), "5000");
    expect(location()).toBe(PATH);

    await user.click(form.getByRole("button", { name: "Použít cenu" }));
    await atLocation(`${PATH}?cena_od=1000&cena_do=5000`);
  });

  test("the search words and the sort are kept, the page number is dropped", async () => {
    const data = listing({
      kind: "search",
      pathname: "/hledani",
      state: { q: "hampden", sort: "price_asc", page: 3, filters: NO_FILTERS },
    });
    const { user } = renderFilters(data, { url: "/hledani?q=hampden&razeni=price_asc&strana=3" });
    await user.click(screen.getByRole("checkbox", { name: "E-shop" }));
    await atLocation("/hledani?q=hampden&razeni=price_asc&format=shop");
  });

  test("the filters in force are shown ticked and filled in, and counted on the phone's toggle", async () => {
    const data = listing({}, { formats: ["shop"], verified: true, priceFrom: 1000, brandIds: [4] });
    const { user } = renderFilters(data, { url: `${PATH}?format=shop&cena_od=1000&znacka=4&overeny=1` });
    const form = within(filters());
    expect(form.getByRole<HTMLInputElement>("checkbox", { name: "E-shop" }).checked).toBe(true);
    expect(form.getByRole<HTMLInputElement>("checkbox", { name: "Aukce" }).checked).toBe(false);
    expect(form.getByRole<HTMLInputElement>("checkbox", { name: "Hampden 12" }).checked).toBe(true);
    expect(form.getByRole<HTMLInputElement>("checkbox", { name: "Jen ověření prodejci" }).checked).toBe(true);
    expect(form.getByLabelText<HTMLInputElement>("Od").value).toBe("1000");
    expect(form.getByLabelText<HTMLInputElement>("Do").value).toBe("");
    // Shop, the price range, a brand and verified sellers.
    expect(screen.getByTestId("filters-toggle").textContent).toBe("Filtry4Zobrazit");

    // Unticking one keeps the others in the URL.
    await user.click(form.getByRole("checkbox", { name: "Hampden 12" }));
    await atLocation(`${PATH}?format=shop&cena_od=1000&overeny=1`);
  });

  test("on a phone the block is folded behind the 'Filtry' button, which opens and closes it", async () => {
    const { user } = renderFilters();
    const toggle = screen.getByRole("button", { name: /^Filtry/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe(filters().id);
    expect(filters().classList.contains("hidden")).toBe(true);
    expect(toggle.textContent).toBe("FiltryZobrazit");

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(filters().classList.contains("hidden")).toBe(false);
    expect(toggle.textContent).toBe("FiltrySkrýt");

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(filters().classList.contains("hidden")).toBe(true);
  });

  test("the form is marked busy while the filtered listing loads", async () => {
    const held = deferred();
    const data = listing();
    const { user } = renderFilters(data, {
      load: async () => {
        await held.promise;
        return data;
      },
    });
    expect(filters().getAttribute("aria-busy")).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Aukce" }));
    await waitFor(() => expect(filters().getAttribute("aria-busy")).toBe("true"));
    // Still where it was until the listing has loaded.
    expect(location()).toBe(PATH);

    held.resolve();
    await atLocation(`${PATH}?format=auction`);
    expect(filters().getAttribute("aria-busy")).toBeNull();
  });

  test("prices are filtered in the visitor's currency; an English page speaks English", () => {
    renderFilters(listing({ locale: "en", currency: { code: "EUR", symbol: "€" } }), {
      locale: "en",
      url: PATH,
    });
    const form = within(filters());
    expect(form.getByRole("group", { name: "Price (€)" })).toBeTruthy();
    expect(form.getByRole("group", { name: "Selling format" })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "Auctions" })).toBeTruthy();
    expect(form.getByRole("checkbox", { name: "Verified sellers only" })).toBeTruthy();
    expect(form.getByRole("button", { name: "Show results" })).toBeTruthy();
  });
});

/** The chips' labels as the listing shows them above the results. */
function ChipLabels({ loaderData }: { loaderData: ListingData }) {
  return (
    <ul data-testid="chips">
      {useActiveFilters(loaderData).map((chip) => (
        <li key={chip.key}>{chip.label}</li>
      ))}
    </ul>
  );
}

describe("the price filter in the page's language", () => {
  test("English names the currency by its code and writes amounts the English way", async () => {
    const data = listing({ locale: "en" }, { priceFrom: 1500, priceTo: 25000 });
    renderFilters(data, { locale: "en" });
    expect(within(filters()).getByRole("group", { name: "Price (CZK)" })).toBeTruthy();
    cleanup();
    renderRoute(
      { id: "listing", path: PATH, loader: () => data, Component: ChipLabels },
      { locale: "en", url: PATH, loaderData: { listing: data } },
    );
    const chips = await screen.findByTestId("chips");
    expect([...chips.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Price from CZK\u00a01,500",
      "Price up to CZK\u00a025,000",
    ]);
  });

  test("Czech keeps Kč after the amount, grouped by a no-break space", async () => {
    const data = listing({}, { priceFrom: 1500 });
    renderRoute(
      { id: "listing", path: PATH, loader: () => data, Component: ChipLabels },
      { url: PATH, loaderData: { listing: data } },
    );
    const chips = await screen.findByTestId("chips");
    expect(chips.textContent).toBe("Cena od 1\u00a0500\u00a0Kč");
  });
});
