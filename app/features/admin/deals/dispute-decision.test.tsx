import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DisputeView } from "#core/contracts/deals.ts";
import { DisputeDecision, DisputeMessages, DisputeReturnState } from "./dispute-decision.tsx";

/**
 * The back office's dispute messages: each message's photos, and where they were deleted (their
 * retention after the dispute's end, or their author's account: ADR 0082) a line saying so, as the
 * deal page tells its sides, instead of nothing.
 */

const PAGE_URL = "/admin/obchody/12/spor";
const AT = "2026-11-20T10:00:00.000Z";
type Messages = DisputeView["messages"];

/** A stub dispute page: the messages as its loader gives them. */
function Page({ loaderData }: { loaderData: { messages: Messages } }) {
  return <DisputeMessages messages={loaderData.messages} />;
}

function renderMessages(messages: Messages, locale: "cs" | "en" = "cs") {
  return renderRoute(
    { id: "dispute", path: PAGE_URL, loader: () => ({ messages }), Component: Page },
    { url: PAGE_URL, locale, loaderData: { dispute: { messages } } },
  );
}

describe("DisputeMessages", () => {
  test("shows a message's kept photos", () => {
    const photo = { id: 3, url: "/api/deals/12/dispute/photos/3", width: 64, height: 48 };
    renderMessages([{ role: "buyer", body: "Rozbitá láhev.", at: AT, photos: [photo], photosRemoved: null }]);
    expect(screen.getByRole("img").getAttribute("src")).toBe(photo.url);
    expect(screen.queryByTestId("dispute-photos-removed")).toBeNull();
  });

  test("says the photos were deleted after their retention period", () => {
    renderMessages([
      { role: "buyer", body: "Rozbitá láhev.", at: AT, photos: [], photosRemoved: "retention" },
    ]);
    expect(textOf(screen.getByTestId("dispute-photos-removed"))).toBe(
      "Fotografie byly smazány po uplynutí lhůty jejich uchování (3 roky a 90 dní po skončení sporu).",
    );
    expect(screen.queryByRole("img")).toBeNull();
  });

  test("says they went with their author's account", () => {
    const messages: Messages = [
      { role: "seller", body: "Odesláno v pořádku.", at: AT, photos: [], photosRemoved: "erasure" },
    ];
    renderMessages(messages);
    expect(textOf(screen.getByTestId("dispute-photos-removed"))).toBe(
      "Fotografie byly smazány se zrušeným účtem autora.",
    );
  });

  test("says it in English too", () => {
    renderMessages(
      [{ role: "buyer", body: "Broken bottle.", at: AT, photos: [], photosRemoved: "retention" }],
      "en",
    );
    expect(textOf(screen.getByTestId("dispute-photos-removed"))).toBe(
      "The photos were deleted when their retention period ended (3 years and 90 days after the dispute ended).",
    );
  });

  test("says Rarita's own message in the reader's language", () => {
    renderMessages(
      [{ role: "system", body: "return_lapsed", at: AT, photos: [], photosRemoved: null }],
      "en",
    );
    expect(document.body.textContent).toContain(
      "The buyer did not enter the return shipment in time. The operator will look at the dispute again.",
    );
    expect(document.body.textContent).not.toContain("return_lapsed");
  });

  test("says nothing for a message that never had photos", () => {
    renderMessages([{ role: "buyer", body: "Bez fotek.", at: AT, photos: [], photosRemoved: null }]);
    expect(screen.queryByTestId("dispute-photos-removed")).toBeNull();
    expect(screen.queryByTestId("dispute-photos")).toBeNull();
  });
});

/** A stub page of the decision's parts: the form for a status and a return's state. */
function DecisionPage({
  loaderData,
}: {
  loaderData: { status: DisputeView["status"]; ret: DisputeView["return"] };
}) {
  return (
    <>
      <DisputeReturnState ret={loaderData.ret} />
      <DisputeDecision status={loaderData.status} />
    </>
  );
}

function renderDecision(status: DisputeView["status"], ret: DisputeView["return"] = null) {
  return renderRoute(
    { id: "dispute", path: PAGE_URL, loader: () => ({ status, ret }), Component: DecisionPage },
    { url: PAGE_URL, locale: "cs", loaderData: { dispute: { status, ret } } },
  );
}

describe("the operator's decision of a return", () => {
  test("offers a refund of an amount or a full refund after the item's return", async () => {
    renderDecision("escalated");
    const choice = await screen.findAllByRole("radio");
    expect(choice.map((radio) => (radio as HTMLInputElement).value)).toEqual(["refund", "return"]);
    expect((choice[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText(/Plné vrácení platby po vrácení zboží/)).toBeTruthy();
  });

  test("while the item goes back: no form, the buyer's parcel and the seller's date", async () => {
    renderDecision("returning", {
      by: "2026-12-03T15:00:00.000Z",
      carrier: "dpd",
      trackingNumber: "DPD 998877",
      trackingUrl: null,
      shippedAt: "2026-11-28T10:00:00.000Z",
      confirmBy: "2026-12-12T10:00:00.000Z",
    });
    expect(textOf(await screen.findByTestId("admin-dispute-return"))).toContain(
      "DPD, číslo zásilky DPD 998877",
    );
    expect(screen.queryByTestId("dispute-decide")).toBeNull();
    expect(document.body.textContent).toContain("Kupující vrací zboží");
  });
});
