import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import WatchdogsPage from "./watchdogs.tsx";

const TOO_SHORT = "Musí mít alespoň 2 znaky.";

/** The watchdogs page on a stub route, without watchdogs; its action answers as told. */
function renderWatchdogs(answer: (form: FormData) => unknown) {
  const recorder = recordingAction(answer);
  const loaderData = { items: [] };
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
});
