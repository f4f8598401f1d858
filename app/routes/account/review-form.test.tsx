import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import ReviewFormPage from "./review-form.tsx";

const DEAL = {
  productId: 9,
  productName: "Velier Uitvlugt 1997",
  productUrl: "/9/rum/velier",
  image: null,
  role: "buyer" as const,
  counterpart: { id: 3, username: "RumovyKabinet" },
  soldAt: null,
};

const TOO_LONG = "Může mít nejvýše 1000 znaků.";

/** The review form page on a stub route; its action answers as the page's action would. */
function renderReviewForm(answer: (form: FormData) => unknown) {
  const recorder = recordingAction(answer);
  const loaderData = { deal: DEAL, reviewed: false };
  const view = renderRoute(
    {
      id: "review",
      path: "/ucet/hodnoceni/9",
      loader: () => loaderData,
      action: recorder.action,
      // biome-ignore lint/suspicious/noExplicitAny: the stub route hands the page what its loader and action give.
      Component: ReviewFormPage as any,
    },
    { user: {}, url: "/ucet/hodnoceni/9", loaderData: { review: loaderData } },
  );
  return { ...view, recorder };
}

describe("ReviewFormPage", () => {
  test("no stars are refused in the browser by the review schema, without a post", async () => {
    const { user, recorder } = renderReviewForm(() => null);
    await user.click(screen.getByRole("button", { name: "Odeslat hodnocení" }));
    await waitFor(() =>
      expect(textOf(screen.getByTestId("star-input"))).toContain("Vyberte počet hvězdiček."),
    );
    expect(recorder.posts).toHaveLength(0);
  });

  test("a refusal of the action keeps the stars and the comment, and shows the reason at its field", async () => {
    const { user, recorder } = renderReviewForm((form) => ({
      result: {
        status: "error",
        initialValue: { stars: String(form.get("stars")), comment: String(form.get("comment")) },
        error: { comment: [TOO_LONG] },
      },
    }));
    await user.click(screen.getByTestId("star-4"));
    await user.type(screen.getByTestId("review-comment"), "Výborná komunikace");
    await user.click(screen.getByRole("button", { name: "Odeslat hodnocení" }));
    await screen.findByText(TOO_LONG);
    expect(recorder.last()).toEqual({ stars: "4", comment: "Výborná komunikace" });
    expect(screen.getByTestId<HTMLTextAreaElement>("review-comment").value).toBe("Výborná komunikace");
    expect(screen.getByTestId<HTMLInputElement>("star-4").checked).toBe(true);
  });
});
