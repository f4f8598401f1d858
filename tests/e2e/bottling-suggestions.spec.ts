import { expect, signInByApi, test } from "./fixtures.ts";

/**
 * The search box suggests bottlings (issue 37; docs/product/bottlings.md): a bottling founded from
 * a seller's listing is offered under its own group while its name is typed, in Czech and in
 * English, and choosing it opens its page. The listing is a live auction made by the diagnostics
 * route (a real one would wait for its insertion fee).
 */

const SELLER = { email: "sberatel10@rarita.test", password: "demo-sberatel" };

test("a bottling is suggested while its name is typed, and chosen opens its page", async ({
  page,
  context,
  baseURL,
}) => {
  const token = `Sg${Date.now().toString(36)}`;
  const name = `Brora ${token} 30 let`;
  await signInByApi(context, baseURL!, SELLER);
  const created = await page.request.post("/__diagnostics/auction", {
    data: { sellerEmail: SELLER.email, startPriceMinor: 100_000, endsInSeconds: 86_400, name },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/ucet/vase-aukce/potvrzeni?id=${id}`);
  await page.getByTestId("bottling-none").click();
  await expect(page.getByTestId("bottling-linked")).toContainText(name);

  await page.goto("/");
  const bar = page.getByTestId("search-bar");
  const input = bar.getByRole("combobox", { name: "Hledat v nabídce" });
  await input.pressSequentially(token.toLowerCase(), { delay: 20 });
  const group = bar.getByRole("group", { name: "Láhve" });
  await expect(group.getByRole("option")).toHaveCount(1);
  await expect(group.getByRole("option")).toContainText(name);
  await group.getByRole("option").click();
  await expect(page).toHaveURL(/\/lahve\/\d+-/);
  await expect(page.getByTestId("bottling-name")).toHaveText(name);

  await page.goto("/en");
  const english = page.getByTestId("search-bar");
  await english
    .getByRole("combobox", { name: /search/i })
    .pressSequentially(token.toLowerCase(), { delay: 20 });
  const bottlings = english.getByRole("group", { name: "Bottlings" });
  await expect(bottlings.getByRole("option")).toContainText(name);
  await bottlings.getByRole("option").click();
  await expect(page).toHaveURL(/\/en\/bottlings\/\d+-/);
});
