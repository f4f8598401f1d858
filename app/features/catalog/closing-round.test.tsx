import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { ClosingRound } from "#core/contracts/bidding.ts";
import { ClosingRoundStrip } from "./closing-round.tsx";

/** The monthly auctions page while the round closes (issue 39, item 3): "ending now" and "next". */

const lot = (productId: number, endsAt: string) => ({
  productId,
  name: `Lahev ${productId}`,
  url: `/${productId}/rum/lahev-${productId}`,
  endsAt,
  priceMinor: 120_000,
  bidCount: 2,
});

const CLOSING: ClosingRound = {
  roundCloseAt: "2031-03-31T18:00:00.000Z",
  endingNow: [lot(1, "2031-03-31T18:02:00.000Z"), lot(2, "2031-03-31T18:02:00.000Z")],
  next: [lot(3, "2031-03-31T18:03:00.000Z"), lot(4, "2031-03-31T18:04:00.000Z")],
};

function Strip({ loaderData }: { loaderData: { closing: ClosingRound } }) {
  return <ClosingRoundStrip closing={loaderData.closing} />;
}

function render(closing: ClosingRound, locale: "cs" | "en" = "cs") {
  const url = locale === "en" ? "/en/monthly-auctions" : "/mesicni-aukce";
  return renderRoute(
    { id: "monthly", path: url, loader: () => ({ closing }), Component: Strip },
    { url, locale, loaderData: { monthly: { closing } } },
  );
}

describe("the closing round's strip", () => {
  test("lists the lots ending now and the next ones, each with its own end and link", () => {
    render(CLOSING);
    const now = screen.getByTestId("ending-now");
    expect(
      within(now)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Lahev 1", "Lahev 2"]);
    expect(within(now).getByRole("link", { name: "Lahev 1" }).getAttribute("href")).toBe("/1/rum/lahev-1");
    const next = screen.getByTestId("ending-next");
    expect(
      within(next)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Lahev 3", "Lahev 4"]);
    // Each lot's own end (Prague time: 20:03 and 20:04 in summer time).
    const times = [...next.querySelectorAll("time")].map((time) => time.getAttribute("dateTime"));
    expect(times).toEqual(["2031-03-31T18:03:00.000Z", "2031-03-31T18:04:00.000Z"]);
    expect(textOf(next)).toContain("20:03");
    expect(textOf(screen.getByTestId("closing-round"))).toContain("Končí teď");
    expect(textOf(screen.getByTestId("closing-round"))).toContain("Další na řadě");
  });

  test("in English; without further lots there is no next list", () => {
    render({ ...CLOSING, next: [] }, "en");
    expect(textOf(screen.getByTestId("closing-round"))).toContain("Ending now");
    expect(screen.queryByTestId("ending-next")).toBeNull();
  });
});
