import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import BottlingPage from "./bottling.tsx";

/** A bottling with 48 listings linked over the years, none of them on sale now. */
const PAGE = {
  bottling: {
    id: 1,
    status: "active",
    mergedIntoId: null,
    categoryId: 3,
    brandId: 5,
    brandName: "Hampden Estate",
    nameCs: "Hampden Estate 8 let, 46 %",
    nameEn: null,
    name: "Hampden Estate 8 let, 46 %",
    slug: "hampden-estate-8-let-46",
    attributes: {},
    listingCount: 48,
    watcherCount: 2,
  },
  attributes: [],
  photos: [],
  onSale: [],
  moreOnSale: false,
  onSaleCount: 0,
  results: [],
  older: null,
  pricePoints: [],
  fillLevels: true,
  paged: false,
  signedIn: false,
  watching: false,
  locale: "cs",
  origin: "https://rarita.test",
  now: "2026-11-26T10:00:00.000Z",
};

function renderPage(locale: "cs" | "en", over: Partial<typeof PAGE> = {}) {
  const loaderData = { ...PAGE, ...over, locale };
  const path =
    locale === "cs" ? "/lahve/1-hampden-estate-8-let-46" : "/en/bottlings/1-hampden-estate-8-let-46";
  return renderRoute(
    {
      id: "bottling",
      path,
      loader: () => loaderData,
      // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader gives.
      Component: BottlingPage as any,
    },
    { locale, url: path, loaderData: { bottling: loaderData } },
  );
}

describe("a bottling's header", () => {
  test("says nothing is on sale now, apart from the 48 listings ever linked (not 'Nabídky: 48')", async () => {
    renderPage("cs");
    const counts = await screen.findByTestId("bottling-counts");
    expect(textOf(counts)).toBe("Na prodej teď: 0 · Nabídky celkem: 48 · Hlídá: 2");
    expect(screen.getByText("Tuto láhev teď nikdo nenabízí.")).toBeTruthy();
  });

  test("in English the same, with the live offers counted", async () => {
    renderPage("en", { onSaleCount: 3 });
    const counts = await screen.findByTestId("bottling-counts");
    expect(textOf(counts)).toBe("For sale now: 3 · Listings in total: 48 · Watched by: 2");
  });
});
