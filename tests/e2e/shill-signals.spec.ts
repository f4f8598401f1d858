import { expect, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";

/**
 * "Podezřelé přihazování" as the demo moderator lives it (issue 36, item 4; ADR 0087): the check
 * finds the demo's seeded shill patterns with their evidence; the moderator dismisses one with a
 * note and acts on another with a statement of reasons that suspends the bidder; the public bid
 * history keeps the bidder pseudonymous.
 */

const MODERATOR = "moderator@rarita.test";
const LIST = "/admin/moderace/podezrele-prihazovani";

test("a moderator sees the seeded signals, dismisses one and acts on another", async ({ page, request }) => {
  await signInStaff(page, MODERATOR, { to: LIST });
  await page.getByRole("button", { name: "Zkontrolovat teď" }).click();
  await expect(page.getByRole("status")).toContainText("Kontrola hotova");

  const signals = page.getByTestId("shill-signal");
  const friend = signals.filter({ hasText: "rumovy.kamarad" });
  await expect(friend.filter({ hasText: "Stejné zařízení jako prodávající" })).toContainText("RumovyKabinet");
  await expect(friend.filter({ hasText: "Stejná adresa jako prodávající" })).toContainText("Mánesova 28");
  await expect(friend.filter({ hasText: "Zvyšuje cenu, nikdy nevyhraje" })).toContainText(
    "v nichž zvýšil cenu: 5",
  );
  await expect(signals.filter({ hasText: "cerstvy.ucet" })).toContainText(
    "Nový účet přihazuje v posledních minutách",
  );
  // That the demo's ordinary bidding raises nothing else is asserted on a freshly seeded database
  // (server/modules/shill-signals/demo.test.ts): here the suite's other specs have bid on this
  // server, several people signing in on one browser.

  // The filter by kind.
  await page.getByLabel("Druh").selectOption("shared_device");
  await page.getByRole("button", { name: "Zobrazit" }).click();
  await expect(friend.filter({ hasText: "Stejné zařízení jako prodávající" })).toHaveCount(1);
  // The filtered page has come: the other kinds are gone (before, the check above already held).
  await expect(signals.filter({ hasText: "Zvyšuje cenu, nikdy nevyhraje" })).toHaveCount(0);
  for (const kind of await signals.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-kind"))))
    expect(kind).toBe("shared_device");

  // Dismissed with a note.
  await page.goto(LIST);
  await friend.filter({ hasText: "Stejná adresa jako prodávající" }).getByRole("link").first().click();
  const detail = page.getByTestId("admin-shill-signal");
  await expect(detail.getByTestId("signal-evidence")).toContainText("Mánesova 28");
  await page.getByRole("button", { name: "Zamítnout" }).click();
  await expect(page.getByText("Pole musí být vyplněno").first()).toBeVisible();
  await page.getByLabel("Poznámka").fill("Společná adresa firmy, prověřeno telefonicky.");
  await page.getByRole("button", { name: "Zamítnout" }).click();
  await expect(page.getByRole("status")).toHaveText("Signál je zamítnutý.");
  await expect(page.getByTestId("admin-shill-signal")).toHaveAttribute("data-status", "dismissed");
  await expect(page.getByTestId("signal-decision")).toContainText("Společná adresa firmy");

  // Acted on with a statement of reasons: the bidder is suspended.
  await page.goto(LIST);
  await friend.filter({ hasText: "Zvyšuje cenu, nikdy nevyhraje" }).getByRole("link").first().click();
  await expect(detail).toHaveAttribute("data-status", "new");
  const lotId = await page.getByTestId("signal-lot").first().getAttribute("data-lot-id");
  await expect(
    page.getByTestId("signal-lot").first().getByTestId("signal-bid").filter({ hasText: "rumovy.kamarad" }),
  ).toHaveCount(1);
  const form = page.getByTestId("decision-form");
  await form.getByLabel("Opatření").selectOption("suspend_account");
  await form
    .getByLabel("Skutečnosti")
    .fill("Účet zvýšil cenu v 5 skončených aukcích jednoho prodávajícího a žádnou nevyhrál.");
  await form.getByLabel("Důvody").fill("Umělé zvyšování ceny podmínky zakazují.");
  await form.getByLabel("Pravidlo obchodních podmínek").selectOption("fair_dealing");
  const until = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await form.getByLabel("Pozastavit do").fill(until);
  await form.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(page.getByRole("status")).toContainText("Opatření je přijato");
  await expect(page.getByTestId("admin-shill-signal")).toHaveAttribute("data-status", "acted");
  await page.getByTestId("signal-decision").getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);
  await expect(page.locator("main")).toContainText("žádnou nevyhrál");

  // The public history of the same lot still masks the bidder.
  const history = await request.get(`/api/auctions/${lotId}/bids`);
  expect(history.status()).toBe(200);
  expect(await history.text()).not.toContain("rumovy.kamarad");
});
