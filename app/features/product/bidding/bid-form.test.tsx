import { act, screen, waitFor, within } from "@testing-library/react";
import { type ComponentProps, useEffect, useState } from "react";
import { describe, expect, test } from "vitest";
import type { BidActionData } from "#app/features/product/bidding/bid-answer.ts";
import { BidForm } from "#app/features/product/bidding/bid-form.tsx";
import {
  deferred,
  type RenderRouteOptions,
  recordingAction,
  renderRoute,
  textOf,
} from "#app/test/render-route.tsx";

type Live = ComponentProps<typeof BidForm>["live"];
type Standing = NonNullable<ComponentProps<typeof BidForm>["standing"]>;

const LIVE: Live = {
  productId: 42,
  status: "active",
  startPriceMinor: 100_000,
  priceMinor: 100_000,
  minimumNextBidMinor: 105_000,
  minimumCeilingMinor: 110_000,
  bidCount: 1,
  endsAt: "2031-06-30T18:00:00.000Z",
  endedAt: null,
  hasReserve: false,
  reserveMet: false,
  buyNowPriceMinor: null,
  lastBidId: 10,
  serverNow: "2031-06-20T10:00:00.000Z",
};

const OUTBID: Standing = {
  leading: false,
  hasBid: true,
  maxMinor: null,
  won: false,
  threadId: null,
  dealId: null,
};
const LEADING: Standing = {
  leading: true,
  hasBid: true,
  maxMinor: 150_000,
  won: false,
  threadId: null,
  dealId: null,
};

/** What the product page's action answers to a first post: the binding confirmation. */
const confirmFor = (form: FormData): BidActionData => {
  const max = String(form.get("max") ?? "");
  return {
    intent: "bid",
    status: "confirm",
    amountMinor: Number(form.get("amount")) * 100,
    maxMinor: max ? Number(max) * 100 : null,
    raise: false,
    notAboveMinor: null,
  };
};

/** A refusal as the action answers it: Conform's reply, the reason at its field. */
const refusedAt = (field: "amount" | "max", message: string): BidActionData => ({
  intent: "bid",
  status: "refused",
  result: { status: "error", error: { [field]: [message] } },
  minimum: false,
});

type PageData = { live: Live; standing: Standing | null };

/** The page's live stream, while a page is shown: a test pushes a new auction state through it. */
let stream: ((live: Live) => void) | null = null;

/**
 * A stub product page: the auction from its loader, then what the live stream or an accepted bid
 * brings (as the live auction page does), and the bid form.
 */
function ProductPage({ loaderData, actionData }: { loaderData: PageData; actionData?: BidActionData }) {
  const [streamed, setStreamed] = useState<Live | null>(null);
  useEffect(() => {
    stream = setStreamed;
    return () => {
      stream = null;
    };
  }, []);
  const accepted = actionData?.status === "accepted" ? actionData : null;
  return (
    <BidForm
      live={accepted?.live ?? streamed ?? loaderData.live}
      standing={accepted ? accepted.viewer : loaderData.standing}
      action={actionData}
    />
  );
}

/**
 * The bid form on a stub product page for a signed-in visitor; the page's action answers as
 * `answer` says. `setMinimum` stands for the live stream moving the minimum.
 */
function renderBidForm({
  live = LIVE,
  standing = OUTBID,
  answer = confirmFor,
  ...options
}: {
  live?: Live;
  standing?: Standing | null;
  answer?: (form: FormData, index: number) => BidActionData | Promise<BidActionData>;
} & RenderRouteOptions = {}) {
  const recorder = recordingAction(answer);
  const url = options.url ?? "/42/rum/hampden";
  const page: PageData = { live, standing };
  const view = renderRoute(
    { id: "product", path: url, loader: () => page, action: recorder.action, Component: ProductPage },
    { user: {}, ...options, url, loaderData: { product: page } },
  );
  const setMinimum = (minor: number) => act(() => stream?.({ ...live, minimumNextBidMinor: minor }));
  return { ...view, recorder, setMinimum };
}

const amountField = () => screen.getByLabelText<HTMLInputElement>("Váš příhoz");
const maxField = () => screen.getByLabelText<HTMLInputElement>("Vaše maximum");
const maxBlock = () => screen.getByText("Přihazovat automaticky").closest("details")!;

describe("BidForm", () => {
  test("prefills the lowest acceptable bid, names it under the field, and keeps the maximum folded", () => {
    renderBidForm();
    expect(amountField().value).toBe("1050");
    expect(amountField().required).toBe(true);
    expect(textOf(screen.getByTestId("bid-minimum-hint"))).toBe("Nejnižší příhoz: 1 050,00 Kč");
    expect(screen.getByRole("button", { name: "Přihodit" })).toBeTruthy();
    expect(maxBlock().open).toBe(false);
    // No currency hint while the visitor browses in crowns.
    expect(screen.queryByTestId("bid-amount-approx")).toBeNull();
  });

  test("the prefilled amount follows a new minimum until the bidder types their own", async () => {
    const { user, setMinimum } = renderBidForm();
    setMinimum(110_000);
    expect(amountField().value).toBe("1100");
    expect(textOf(screen.getByTestId("bid-minimum-hint"))).toBe("Nejnižší příhoz: 1 100,00 Kč");

    await user.clear(amountField());
    await user.type(amountField(), "1500");
    setMinimum(115_000);
    expect(amountField().value).toBe("1500");
  });

  test("a bid is first posted for confirmation, then confirmed as binding with the same amount", async () => {
    const { user, recorder } = renderBidForm({
      answer: (form, index) =>
        index === 0 ? confirmFor(form) : refusedAt("amount", "Aukce už skončila, přihazovat nelze."),
    });
    await user.clear(amountField());
    await user.type(amountField(), "1200");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));

    const dialog = await screen.findByRole("alertdialog", { name: "Potvrďte příhoz" });
    expect(recorder.last()).toEqual({ intent: "bid", amount: "1200", max: "" });
    expect(textOf(dialog)).toContain("Přihazujete 1 200,00 Kč.");
    expect(textOf(within(dialog).getByTestId("bid-binding"))).toBe(
      "Příhoz je závazný. Pokud aukci vyhrajete, zavazujete se položku koupit.",
    );
    expect(screen.queryByTestId("bid-form")).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Závazně přihodit" }));
    // The answer to the binding post (a refusal here) replaces the confirmation.
    await screen.findByTestId("bid-form");
    expect(recorder.posts).toHaveLength(2);
    expect(recorder.last()).toEqual({ intent: "bid", confirmed: "1", amount: "1200" });
  });

  test("a maximum for automatic bidding is posted and stated in the confirmation", async () => {
    const { user, recorder } = renderBidForm();
    await user.click(screen.getByText("Přihazovat automaticky"));
    expect(maxBlock().open).toBe(true);
    await user.type(maxField(), "1500");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));

    const dialog = await screen.findByRole("alertdialog");
    expect(recorder.last()).toEqual({ intent: "bid", amount: "1050", max: "1500" });
    expect(textOf(dialog)).toContain(
      "Přihazujete 1 050,00 Kč a systém za vás bude přihazovat nejvýše do 1 500,00 Kč.",
    );

    await user.click(within(dialog).getByRole("button", { name: "Závazně přihodit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(2));
    expect(recorder.last()).toEqual({ intent: "bid", confirmed: "1", amount: "1050", max: "1500" });
  });

  test("'Změnit částku' leaves the confirmation for the form, with the typed amount kept", async () => {
    const { user, recorder } = renderBidForm();
    await user.clear(amountField());
    await user.type(amountField(), "1300");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));
    const dialog = await screen.findByRole("alertdialog");

    await user.click(within(dialog).getByRole("link", { name: "Změnit částku" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(amountField().value).toBe("1300");
    expect(recorder.posts).toHaveLength(1);
  });

  test("a refused amount is shown in place of the minimum hint and marks the amount field", async () => {
    const { user } = renderBidForm({
      answer: () => refusedAt("amount", "Nejnižší možný příhoz je 1 050,00 Kč."),
    });
    await user.clear(amountField());
    await user.type(amountField(), "900");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));

    const error = await screen.findByRole("alert");
    expect(textOf(error)).toBe("Nejnižší možný příhoz je 1 050,00 Kč.");
    expect(amountField().getAttribute("aria-invalid")).toBe("true");
    // The field is described by the refusal now (it names the minimum itself).
    expect(amountField().getAttribute("aria-describedby")).toBe(error.id);
    expect(screen.queryByTestId("bid-minimum-hint")).toBeNull();
    expect(maxField().getAttribute("aria-invalid")).toBeNull();
    expect(maxBlock().open).toBe(false);
  });

  test("a refused maximum opens the automatic bidding block and is shown at the maximum", async () => {
    const { user } = renderBidForm({
      answer: () => refusedAt("max", "Maximum musí být alespoň tak vysoké jako příhoz."),
    });
    await user.click(screen.getByText("Přihazovat automaticky"));
    await user.type(maxField(), "1000");
    // The bidder folds it again before sending: the refusal must open it.
    await user.click(screen.getByText("Přihazovat automaticky"));
    await user.click(screen.getByRole("button", { name: "Přihodit" }));

    const error = await screen.findByRole("alert");
    expect(textOf(error)).toBe("Maximum musí být alespoň tak vysoké jako příhoz.");
    expect(maxBlock().contains(error)).toBe(true);
    expect(maxBlock().open).toBe(true);
    expect(maxField().getAttribute("aria-invalid")).toBe("true");
    expect(amountField().getAttribute("aria-invalid")).toBeNull();
    // The minimum hint stays under the amount.
    expect(screen.getByTestId("bid-minimum-hint")).toBeTruthy();
  });

  test("while the bid is on its way the button says 'Odesílám…' and cannot be pressed again", async () => {
    const held = deferred();
    const { user, recorder } = renderBidForm({
      answer: async (form) => {
        await held.promise;
        return confirmFor(form);
      },
    });
    await user.click(screen.getByRole("button", { name: "Přihodit" }));
    const button = await screen.findByRole("button", { name: "Odesílám…" });
    expect(button).toHaveProperty("disabled", true);

    held.resolve();
    await screen.findByRole("alertdialog");
    expect(recorder.posts).toHaveLength(1);
  });

  test("an accepted bid starts the form afresh from the new minimum", async () => {
    const { user } = renderBidForm({
      answer: (form, index) =>
        index === 0
          ? confirmFor(form)
          : {
              intent: "bid",
              status: "accepted",
              live: {
                ...LIVE,
                priceMinor: 120_000,
                minimumNextBidMinor: 125_000,
                bidCount: 2,
                lastBidId: 11,
              },
              bids: [],
              viewer: { ...OUTBID, hasBid: true, leading: false },
              extended: false,
            },
    });
    await user.clear(amountField());
    await user.type(amountField(), "1200");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));
    await user.click(await screen.findByRole("button", { name: "Závazně přihodit" }));

    // The new minimum replaces what was typed before (an effect after the answer is drawn).
    await waitFor(() => expect(amountField().value).toBe("1250"));
    expect(textOf(screen.getByTestId("bid-minimum-hint"))).toBe("Nejnižší příhoz: 1 250,00 Kč");
  });

  test("the leader only raises their maximum: the price is posted as the amount, the new maximum prefilled", async () => {
    const { user, recorder } = renderBidForm({
      standing: LEADING,
      answer: (form) => ({
        intent: "bid",
        status: "confirm",
        amountMinor: Number(form.get("amount")) * 100,
        maxMinor: Number(form.get("max")) * 100,
        raise: true,
        notAboveMinor: null,
      }),
    });
    expect(screen.queryByLabelText("Váš příhoz")).toBeNull();
    expect(screen.queryByText("Přihazovat automaticky")).toBeNull();
    const newMax = screen.getByLabelText<HTMLInputElement>("Vaše nové maximum");
    // Their maximum moved by the step the next bid needs: 1 500 + (1 050 − 1 000).
    expect(newMax.value).toBe("1550");

    await user.clear(newMax);
    await user.type(newMax, "2000");
    await user.click(screen.getByRole("button", { name: "Zvýšit maximum" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(recorder.last()).toEqual({ intent: "bid", amount: "1000", max: "2000" });
    expect(textOf(dialog)).toContain("Zvyšujete své maximum na 2 000,00 Kč.");
  });

  test("in euro the amounts stay in crowns, with the euro only as a hint", async () => {
    const { user } = renderBidForm({
      currency: "EUR",
      live: { ...LIVE, priceMinor: 510_000, minimumNextBidMinor: 510_000, bidCount: 0 },
    });
    // 5 100 Kč at 25.2 CZK/EUR is 202.38 €; Czech writes it "202,38 €".
    expect(textOf(screen.getByTestId("bid-minimum-hint"))).toBe("Nejnižší příhoz: 5 100,00 Kč (≈ 202,38 €)");
    expect(textOf(screen.getByTestId("bid-amount-approx"))).toBe("≈ 202,38 €");

    await user.clear(amountField());
    await user.type(amountField(), "6000");
    expect(textOf(screen.getByTestId("bid-amount-approx"))).toBe("≈ 238,10 €");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));
    expect(textOf(await screen.findByRole("alertdialog"))).toContain("Přihazujete 6 000,00 Kč (≈ 238,10 €).");
  });

  test("speaks English on an English page", async () => {
    const { user } = renderBidForm({ locale: "en", url: "/en/42/rum/hampden" });
    const amount = screen.getByLabelText<HTMLInputElement>("Your bid");
    expect(amount.value).toBe("1050");
    expect(textOf(screen.getByTestId("bid-minimum-hint"))).toBe("Lowest bid: CZK 1,050.00");
    expect(screen.getByText("Bid automatically")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Bid" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Confirm your bid" });
    expect(within(dialog).getByRole("button", { name: "Place binding bid" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Change the amount" })).toBeTruthy();
  });

  test("the browser's checks arrive once the bidder reaches the form: an amount that is no number is refused before sending", async () => {
    const { user, recorder } = renderBidForm();
    // Not before: a visitor who only looks at the auction does not download zod and Conform.
    expect(screen.getByTestId("bid-form").dataset.checks).toBeUndefined();
    await user.click(amountField());
    await waitFor(() => expect(screen.getByTestId("bid-form").dataset.checks).toBe("ready"));
    await user.clear(amountField());
    await user.type(amountField(), "tisíc");
    await user.click(screen.getByRole("button", { name: "Přihodit" }));

    expect(textOf(await screen.findByRole("alert"))).toBe("Zadejte částku v celých korunách.");
    expect(amountField().getAttribute("aria-invalid")).toBe("true");
    expect(recorder.posts).toHaveLength(0);
  });

  test("sent before the checks arrive, the form goes as it is and shows the action's refusal", async () => {
    const { recorder } = renderBidForm({
      answer: () => refusedAt("amount", "Zadejte částku v celých korunách."),
    });
    // A keyboard's Enter on the button, no pointer over the form and no focus first.
    screen.getByRole("button", { name: "Přihodit" }).click();
    expect(textOf(await screen.findByRole("alert"))).toBe("Zadejte částku v celých korunách.");
    expect(recorder.posts).toHaveLength(1);
    expect(amountField().getAttribute("aria-invalid")).toBe("true");
  });

  test("shows nothing when no next bid can be taken", () => {
    renderBidForm({ live: { ...LIVE, minimumNextBidMinor: null } });
    expect(screen.queryByTestId("bid-form")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("Přihodit minimum", () => {
  const quick = () => screen.getByRole("button", { name: /^Přihodit minimum \(nejvýše 1\s100,00\sKč\)$/ });
  const confirmMinimum = (form: FormData): BidActionData => ({
    intent: "bid",
    status: "confirm",
    amountMinor: 105_000,
    maxMinor: null,
    raise: false,
    notAboveMinor: Number(form.get("notAboveMinor")),
  });

  test("offers the minimum plus one step as its ceiling, posts only that ceiling and confirms it as binding", async () => {
    const { user, recorder } = renderBidForm({
      answer: (form, index) =>
        index === 0 ? confirmMinimum(form) : refusedAt("amount", "Aukce už skončila, přihazovat nelze."),
    });
    expect(textOf(screen.getByTestId("bid-minimum-form"))).toContain(
      "Přihodíte nejnižší možnou částku ve chvíli příhozu, teď 1 050,00 Kč.",
    );
    await user.click(quick());

    const dialog = await screen.findByRole("alertdialog", { name: "Potvrďte příhoz" });
    expect(recorder.last()).toEqual({ intent: "bid", minimum: "1", notAboveMinor: "110000" });
    expect(textOf(dialog)).toContain("Přihazujete nejnižší možnou částku, teď 1 050,00 Kč.");
    expect(textOf(dialog)).toContain("nejvýše však 1 100,00 Kč.");
    expect(within(dialog).getByTestId("bid-binding")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Závazně přihodit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(2));
    expect(recorder.last()).toEqual({ intent: "bid", confirmed: "1", minimum: "1", notAboveMinor: "110000" });
  });

  test("its ceiling follows the server's next minimum from the live stream", () => {
    renderBidForm();
    act(() => stream?.({ ...LIVE, minimumNextBidMinor: 110_000, minimumCeilingMinor: 115_000 }));
    expect(screen.getByTestId("bid-minimum").getAttribute("data-ceiling-minor")).toBe("115000");
  });

  test("a refusal (the minimum passed the ceiling) is shown at the button, not at the amount", async () => {
    const { user } = renderBidForm({
      answer: () => ({
        intent: "bid",
        status: "refused",
        result: {
          status: "error",
          error: {
            notAboveMinor: ["Nejnižší možný příhoz je nyní 1 150,00 Kč, nad vaší hranicí 1 100,00 Kč."],
          },
        },
        minimum: true,
      }),
    });
    await user.click(quick());
    const error = await screen.findByRole("alert");
    expect(screen.getByTestId("bid-minimum-form").contains(error)).toBe(true);
    expect(textOf(error)).toBe("Nejnižší možný příhoz je nyní 1 150,00 Kč, nad vaší hranicí 1 100,00 Kč.");
    expect(amountField().getAttribute("aria-invalid")).toBeNull();
  });

  test("the leader is not offered it (they raise their maximum instead)", () => {
    renderBidForm({ standing: LEADING });
    expect(screen.queryByTestId("bid-minimum")).toBeNull();
  });
});
