import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import WatchdogsPage from "./watchdogs.tsx";

const TOO_SHORT = "Musí mít alespoň 2 znaky.";

/** The watchdogs page on a stub route, without watchdogs; its action answers as told. */
function renderWatchdogs(answer: (form: FormData) => unknown, loaderData: object = { items: [] }) {
  const recorder = recordingAction(answer);
  const view = renderRoute(
    {
      id: "watchdogs",
      path: "/ucet/hlidaci-pes",
      loader: () => loaderData,
      action: recorder.action,
      // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader and action give.
      Component: WatchdogsPage as any,
    },
    { user: {}, url: "/ucet/hlidaci-pes", loaderData: { watchdogs: loaderData } },
  );
  return { ...view, recorder };
}

describe("WatchdogsPage", () => {
  test("a search watchdog is posted with its words and delivery; a refusal shows at the words", async () => {
    const { user, recorder } = renderWatchdogs(() => ({
      intent: "create",
      ok: false,
      message: TOO_SHORT,
      result: { status: "error", error: { query: [TOO_SHORT] } },
    }));
    await user.type(screen.getByTestId("watchdog-query"), "H");
    await user.click(screen.getByRole("button", { name: "Přidat" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ intent: "create", kind: "search", query: "H", delivery: "immediate" });
    await waitFor(() =>
      expect(screen.getByTestId("watchdog-query").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(textOf(screen.getByTestId("watchdog-form"))).toContain(TOO_SHORT);
  });

  test("a search watchdog shows its feed's absolute address and asks for a new one", async () => {
    const token = "0123456789abcdef0123456789abcdef";
    const search = {
      id: 7,
      kind: "search",
      delivery: "immediate",
      label: "caroni",
      url: "/hledani?q=caroni",
      createdAt: "2026-11-01T10:00:00.000Z",
      lastNotifiedAt: null,
      waiting: 0,
    };
    const category = { ...search, id: 8, kind: "category", label: "Rum", url: "/2/rum" };
    const { user, recorder } = renderWatchdogs(
      () => ({ intent: "resetFeed", ok: true, message: "Adresa kanálu je nová, ta stará už nefunguje." }),
      { items: [search, category], feeds: { 7: token }, origin: "https://rarita.example", locale: "cs" },
    );
    const links = await screen.findAllByTestId("watchdog-feed-link");
    // Only the search has a feed of its own (a category's is public, on its page).
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      `https://rarita.example/kanaly/hledani/${token}.xml`,
    ]);
    // The address itself is shown, whole and labelled, for pasting into a reader.
    expect(screen.getByRole("textbox", { name: "Adresa kanálu Atom" })).toHaveProperty(
      "value",
      `https://rarita.example/kanaly/hledani/${token}.xml`,
    );
    await user.click(screen.getByTestId("watchdog-feed-reset"));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ intent: "resetFeed", id: "7" });
  });
});
