import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import WatchedProducts from "./watch.tsx";

const TOO_LONG = "Poznámka může mít nejvýše 500 znaků.";

const ITEM = {
  id: 1,
  note: null,
  product: { id: 42, name: "Hampden Overproof", url: "/42/rum/hampden", image: null, price: 72_000 },
  state: null,
};

/** The watched products page with one item, on a stub route; its action answers as told. */
function renderWatch(answer: (form: FormData) => unknown) {
  const recorder = recordingAction(answer);
  const loaderData = { items: [ITEM], serverNow: "2031-06-20T10:00:00.000Z", bottlings: [] };
  const view = renderRoute(
    {
      id: "watch",
      path: "/ucet/sledovane-aukce",
      loader: () => loaderData,
      action: recorder.action,
      // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader and action give.
      Component: WatchedProducts as any,
    },
    { user: {}, url: "/ucet/sledovane-aukce", loaderData: { watch: loaderData } },
  );
  return { ...view, recorder };
}

describe("WatchedProducts", () => {
  test("a note is posted for its product; a refused one stays open with the reason, as typed", async () => {
    const { user, recorder } = renderWatch((form) => ({
      ok: false,
      intent: "note",
      productId: Number(form.get("productId")),
      error: TOO_LONG,
      result: { status: "error", error: { note: [TOO_LONG] } },
    }));
    await user.click(screen.getByText("Přidat poznámku"));
    await user.type(screen.getByLabelText("Poznámka"), "Na narozeniny");
    await user.click(screen.getByRole("button", { name: "Uložit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ productId: "42", intent: "note", note: "Na narozeniny" });
    await screen.findByText(TOO_LONG);
    expect(screen.getByLabelText<HTMLInputElement>("Poznámka").value).toBe("Na narozeniny");
    expect(textOf(screen.getByTestId("watch-item"))).toContain(TOO_LONG);
  });
});
