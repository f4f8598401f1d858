import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import { SettingSummary } from "./setting-summary.tsx";

/** The seeded value (server/db/seed/settings-data.ts) with a 3,5 % commission. */
const DEALS = {
  enabled: false,
  buyerProtection: { percentBp: 500, fixedMinor: 1000, minMinor: 2900 },
  sellerCommissionBp: 350,
  payDays: 3,
  shipWorkingDays: 5,
  releaseDaysAfterShipping: 14,
  disputeAnswerDays: 3,
  secondChanceHours: 48,
  payReminderHours: [24, 12],
};

function Page() {
  return (
    <p data-testid="summary">
      <SettingSummary name="deals" value={DEALS} />
    </p>
  );
}

const render = (locale: "cs" | "en") => {
  const url = locale === "cs" ? "/admin/nastaveni" : "/en/admin/settings";
  renderRoute({ id: "settings", path: url, Component: Page }, { url, locale });
};

describe("the deals setting's summary", () => {
  // textOf reads every kind of space as one plain space.
  test("says whether deals are on, the buyer-protection fee and the commission, in Czech", async () => {
    render("cs");
    expect(textOf(await screen.findByTestId("summary"))).toBe(
      "Vypnuto · ochrana kupujícího 5 % + 10,00 Kč, nejméně 29,00 Kč · provize 3,5 %",
    );
  });

  test("and in English", async () => {
    render("en");
    expect(textOf(await screen.findByTestId("summary"))).toMatch(
      /^Off · buyer protection 5 % \+ .*10.* at least .*29.* · commission 3\.5 %$/,
    );
  });
});
