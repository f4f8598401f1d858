import { act, screen, waitFor, within } from "@testing-library/react";
import { type ComponentProps, useEffect, useState } from "react";
import { describe, expect, test, vi } from "vitest";
import { AuctionPanel } from "#app/features/product/auction-panel.tsx";
import { type RenderRouteOptions, renderRoute, textOf } from "#app/test/render-route.tsx";
import { PRODUCT, PRODUCT_URL } from "./test-fixtures.ts";

type AuctionProps = ComponentProps<typeof AuctionPanel>;
type LiveAuction = AuctionProps["live"];
type Live = LiveAuction["live"];
type Standing = NonNullable<LiveAuction["standing"]>;
type Viewer = AuctionProps["viewer"];

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const running = (): Live => ({
  productId: 42,
  status: "active",
  startPriceMinor: 80_000,
  priceMinor: 100_000,
  minimumNextBidMinor: 105_000,
  minimumCeilingMinor: 110_000,
  bidCount: 3,
  endsAt: inHours(50),
  endedAt: null,
  hasReserve: false,
  reserveMet: false,
  buyNowPriceMinor: null,
  lastBidId: 10,
  serverNow: new Date().toISOString(),
});

const GUEST: Viewer = { loggedIn: false, isSeller: false, emailConfirmed: false };
const BUYER: Viewer = { loggedIn: true, isSeller: false, emailConfirmed: true };
const SELLER: Viewer = { loggedIn: true, isSeller: true, emailConfirmed: true };
const standingOf = (standing: Partial<Standing>): Standing => ({
  leading: false,
  hasBid: false,
  maxMinor: null,
  won: false,
  threadId: null,
  dealId: null,
  ...standing,
});

type AuctionPageData = Omit<AuctionProps, "watch" | "live"> & {
  live: Live;
  standing: Standing | null;
  extendedTo?: string | null;
};

/** The page's live stream, while a page is shown: a test pushes a new auction state through it. */
let stream: ((live: Live) => void) | null = null;

function AuctionPage({ loaderData }: { loaderData: AuctionPageData }) {
  const { live, standing, extendedTo = null, ...props } = loaderData;
  const [streamed, setStreamed] = useState<Live | null>(null);
  useEffect(() => {
    stream = setStreamed;
    return () => {
      stream = null;
    };
  }, []);
  return (
    <AuctionPanel
      {...props}
      live={{ live: streamed ?? live, bids: [], standing, clockOffsetMs: 0, extendedTo, connection: "open" }}
      watch={<span>Sledovat</span>}
    />
  );
}

/** The auction block on a stub product page. */
function renderAuction(page: Partial<AuctionPageData> = {}, options: RenderRouteOptions = {}) {
  const data: AuctionPageData = {
    product: PRODUCT,
    viewer: GUEST,
    serverNow: new Date().toISOString(),
    live: running(),
    standing: null,
    softCloseMinutes: 2,
    ...page,
  };
  const url = options.url ?? PRODUCT_URL;
  return renderRoute(
    { id: "product", path: url, loader: () => data, Component: AuctionPage },
    {
      ...options,
      url,
      user: data.viewer.loggedIn ? { id: data.viewer.isSeller ? 9 : 7 } : null,
      loaderData: { product: data },
    },
  );
}

const panel = () => screen.getByTestId("auction-panel");

describe("AuctionPanel", () => {
  test("a guest sees the price, the bids, the minimum next bid and a login link that comes back here", () => {
    renderAuction();
    expect(textOf(screen.getByTestId("auction-current-price"))).toBe("1 000,00 Kč");
    expect(textOf(screen.getByTestId("auction-bid-count"))).toBe("3 příhozy");
    expect(within(panel()).getByText("Aktuální cena")).toBeTruthy();
    const minimum = screen.getByTestId("auction-minimum-bid-value");
    expect(textOf(minimum)).toBe("1 050,00 Kč");
    expect(minimum.getAttribute("data-minor")).toBe("105000");
    expect(textOf(screen.getByTestId("auction-minimum-bid"))).toContain("Minimální příhoz");
    expect(screen.getByTestId("countdown")).toBeTruthy();
    expect(textOf(panel())).toContain("Příhoz v posledních 2 minutách prodlouží aukci o 2 minuty.");

    const login = screen.getByRole("link", { name: "Přihlaste se a přihoďte" });
    expect(login.getAttribute("href")).toBe(`/ucet?redirect=${encodeURIComponent(PRODUCT_URL)}`);
    expect(screen.queryByTestId("bid-form")).toBeNull();
    expect(screen.getByText("Sledovat")).toBeTruthy();
  });

  test("speaks English on an English page, and the login link goes to the English account page", () => {
    const url = `/en${PRODUCT_URL}`;
    renderAuction({}, { locale: "en", url });
    expect(textOf(screen.getByTestId("auction-minimum-bid"))).toContain("Minimum bid");
    expect(textOf(screen.getByTestId("auction-bid-count"))).toBe("3 bids");
    expect(screen.getByRole("link", { name: "Log in to bid" }).getAttribute("href")).toBe(
      `/en/account?redirect=${encodeURIComponent(url)}`,
    );
  });

  test("the seller cannot bid on their own auction", () => {
    renderAuction({ viewer: SELLER });
    expect(textOf(screen.getByTestId("bid-own"))).toBe(
      "Toto je vaše aukce. Na vlastní aukce přihazovat nelze.",
    );
    expect(screen.queryByTestId("bid-form")).toBeNull();
    expect(screen.queryByRole("link", { name: "Přihlaste se a přihoďte" })).toBeNull();
  });

  test("a signed-in bidder gets the bid form; with the e-mail unconfirmed, a reminder above it", () => {
    renderAuction({ viewer: { ...BUYER, emailConfirmed: false } });
    expect(textOf(screen.getByTestId("bid-confirm-email"))).toBe(
      "Před prvním příhozem potvrďte svůj e-mail.",
    );
    expect(screen.getByLabelText<HTMLInputElement>("Váš příhoz").value).toBe("1050");
    expect(screen.queryByRole("link", { name: "Přihlaste se a přihoďte" })).toBeNull();
  });

  test("the leader is told so with their maximum, and may only raise it", () => {
    renderAuction({
      viewer: BUYER,
      standing: standingOf({ leading: true, hasBid: true, maxMinor: 150_000 }),
    });
    const leading = screen.getByTestId("bid-leading");
    expect(within(leading).getByText("Vedete")).toBeTruthy();
    expect(within(leading).getByText("Vaše maximum: 1 500,00 Kč")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Zvýšit maximum" })).toBeTruthy();
  });

  test("an outbid bidder is told the bid to beat; just after their own bid, that a maximum beat it at once", () => {
    const outbid = { viewer: BUYER, standing: standingOf({ hasBid: true }) };
    const first = renderAuction(outbid);
    expect(within(screen.getByTestId("bid-outbid")).getByText("Byli jste přehozeni")).toBeTruthy();
    expect(within(screen.getByTestId("bid-outbid")).getByText("Přihoďte alespoň 1 050,00 Kč.")).toBeTruthy();
    first.unmount();

    renderAuction({
      ...outbid,
      action: {
        intent: "bid",
        status: "accepted",
        live: running(),
        bids: [],
        viewer: standingOf({ hasBid: true }),
        extended: false,
      },
    });
    expect(
      within(screen.getByTestId("bid-outbid")).getByText(
        "Jiný dražitel má vyšší maximum, a tak vás systém hned přehodil.",
      ),
    ).toBeTruthy();
  });

  test("a reserve not yet met is said; an extended end names the new end", () => {
    renderAuction({
      live: { ...running(), hasReserve: true, reserveMet: false },
      extendedTo: inHours(1),
    });
    expect(textOf(screen.getByTestId("auction-reserve"))).toBe(
      "Minimální cena prodávajícího zatím nebyla dosažena",
    );
    expect(textOf(screen.getByTestId("auction-extended"))).toMatch(
      /^Aukce byla prodloužena do .+: příhoz v posledních 2 minutách posouvá konec\.$/,
    );
  });

  test("when the countdown runs out the bid form gives way to 'Aukce končí, vyhodnocujeme…'", async () => {
    const onTimeUp = vi.fn();
    renderAuction({ viewer: BUYER, live: { ...running(), endsAt: inHours(-0.001) }, onTimeUp });
    expect(textOf(await screen.findByTestId("auction-closing"))).toBe("Aukce končí, vyhodnocujeme…");
    expect(screen.queryByTestId("bid-form")).toBeNull();
    await waitFor(() => expect(onTimeUp).toHaveBeenCalled());
  });

  test("a bid in the last minutes moves the end: the countdown and the bid form come back", async () => {
    const live = { ...running(), endsAt: inHours(-0.001) };
    renderAuction({ viewer: BUYER, live });
    await screen.findByTestId("auction-closing");

    act(() => stream?.({ ...live, endsAt: inHours(0.05), lastBidId: 11 }));
    expect(screen.queryByTestId("auction-closing")).toBeNull();
    expect(screen.getByTestId("countdown")).toBeTruthy();
    expect(screen.getByTestId("bid-form")).toBeTruthy();
  });

  test.each([
    {
      name: "the winner, with a link to the conversation with the seller",
      viewer: BUYER,
      status: "sold" as const,
      standing: standingOf({ hasBid: true, won: true, threadId: 5 }),
      testId: "bid-won",
      text: "Vyhráli jste tuto aukci za 2 050,00 Kč.Napsat prodávajícímu",
    },
    {
      name: "the winner whose win opened a deal, with a link to pay there",
      viewer: BUYER,
      status: "sold" as const,
      standing: standingOf({ hasBid: true, won: true, threadId: 5, dealId: 12 }),
      testId: "bid-won",
      text: "Vyhráli jste tuto aukci za 2 050,00 Kč.Zaplatit a sledovat doručení v obchoduNapsat prodávajícímu",
    },
    {
      name: "another bidder",
      viewer: BUYER,
      status: "sold" as const,
      standing: standingOf({ hasBid: true }),
      testId: "bid-lost",
      text: "Aukce skončila, vyhrál jiný dražitel.",
    },
    {
      name: "the seller",
      viewer: SELLER,
      status: "sold" as const,
      standing: null,
      testId: "bid-own-sold",
      text: "Vaše aukce se prodala za 2 050,00 Kč.",
    },
    {
      name: "a guest, unsold",
      viewer: GUEST,
      status: "ended" as const,
      standing: null,
      testId: "auction-outcome",
      text: "Aukce skončila bez vítěze.",
    },
  ])(
    "a decided auction tells $name the outcome, without a bid form",
    ({ viewer, status, standing, testId, text }) => {
      renderAuction({
        viewer,
        standing,
        live: { ...running(), status, priceMinor: 205_000, minimumNextBidMinor: null, endedAt: inHours(-1) },
      });
      expect(textOf(screen.getByTestId(testId))).toBe(text);
      expect(within(panel()).getByText("Konečná cena")).toBeTruthy();
      expect(within(panel()).getByText("Skončila")).toBeTruthy();
      expect(screen.queryByTestId("bid-form")).toBeNull();
      expect(screen.queryByTestId("bid-login")).toBeNull();
      expect(screen.queryByTestId("countdown")).toBeNull();
      if (testId === "bid-won")
        expect(screen.getByRole("link", { name: "Napsat prodávajícímu" }).getAttribute("href")).toBe(
          "/ucet/zpravy?thread=5",
        );
    },
  );

  test("in euro the prices stay in crowns with the euro amount as a hint", () => {
    renderAuction(
      { live: { ...running(), priceMinor: 510_000, minimumNextBidMinor: 520_000 } },
      { currency: "EUR" },
    );
    expect(textOf(screen.getByTestId("auction-current-price"))).toBe("5 100,00 Kč");
    expect(textOf(screen.getByTestId("auction-current-price-approx"))).toBe("≈ 202,38 €");
    expect(textOf(screen.getByTestId("auction-minimum-bid-value"))).toBe("5 200,00 Kč");
    expect(textOf(screen.getByTestId("auction-minimum-bid-approx"))).toBe("≈ 206,35 €");
  });
});
