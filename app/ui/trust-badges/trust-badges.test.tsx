import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute } from "#app/test/render-route.tsx";
import type { TrustBadges } from "#core/contracts/trust-badges.ts";
import { TrustBadgeList } from "./trust-badges.tsx";

/** Badges that mean something (issue 36, item 5): each names what was checked, and when, on tap. */
const CHECKED: TrustBadges = {
  age: { method: "bank_id", on: "2026-11-20" },
  phone: { on: "2025-03-02" },
  trader: { on: "2026-06-30" },
  completedDeals: 3,
  rating: { average: 4.75, count: 8 },
};

type Props = Parameters<typeof TrustBadgeList>[0];
let shown: Props = { badges: null };

function BadgesPage() {
  return <TrustBadgeList {...shown} />;
}

function renderBadges(props: Props, locale: "cs" | "en" = "cs") {
  shown = props;
  return renderRoute({ id: "page", path: "/", Component: BadgesPage }, { url: "/", locale });
}

describe("TrustBadgeList", () => {
  test("shows each earned badge, and its explanation says what was checked and on which day", async () => {
    renderBadges({ badges: CHECKED });
    const badges = await screen.findByRole("list", { name: "Ověření" });
    expect([...badges.querySelectorAll("button")].map((button) => button.textContent)).toEqual([
      "18+ ověřeno",
      "Obchodník ověřený v ARES",
      "Telefon ověřen",
      "3 dokončené obchody",
      "4,8 z 5",
    ]);
    expect(screen.getByTestId("trust-badge-age-explanation").textContent).toBe(
      "Plnoletost ověřena přes bankovní identitu dne 20. listopadu 2026. Rarita si uložila jen to, že je mu nebo jí 18 let nebo víc, ne datum narození.",
    );
    expect(screen.getByTestId("trust-badge-trader-explanation").textContent).toContain(
      "ARES dne 30. června 2026",
    );
    expect(screen.getByTestId("trust-badge-rating-explanation").textContent).toContain("Průměr 8 hodnocení");
    // The explanation belongs to its badge: tapping the badge opens it, and it describes the badge.
    const age = screen.getByTestId("trust-badge-age");
    const explanation = screen.getByTestId("trust-badge-age-explanation");
    expect(age.getAttribute("popovertarget")).toBe(explanation.id);
    expect(age.getAttribute("aria-describedby")).toBe(explanation.id);
  });

  test("a bidder's checks say only the month, in English too", async () => {
    renderBadges(
      {
        badges: {
          ...CHECKED,
          age: { method: "eu_wallet", on: "2026-11" },
          trader: null,
          rating: null,
          completedDeals: 1,
        },
      },
      "en",
    );
    await screen.findByTestId("trust-badges");
    expect(screen.getByTestId("trust-badge-age-explanation").textContent).toBe(
      "Age 18+ proven with the EU proof of age from a digital wallet on November 2026. Rarita kept only that this person is 18 or older.",
    );
    expect(screen.getByTestId("trust-badge-deals").textContent).toBe("1 completed deal");
  });

  test("leaves out what the page shows otherwise, and shows nothing for an account nobody checked", async () => {
    renderBadges({ badges: CHECKED, omit: ["rating"] });
    await screen.findByTestId("trust-badges");
    expect(screen.queryByTestId("trust-badge-rating")).toBeNull();
    expect(screen.getByTestId("trust-badge-deals")).toBeTruthy();
  });

  test("no badge, no list", () => {
    renderBadges({ badges: { age: null, phone: null, trader: null, completedDeals: 0, rating: null } });
    expect(screen.queryByTestId("trust-badges")).toBeNull();
  });
});
