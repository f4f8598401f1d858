import type { Page } from "@playwright/test";
import sharp from "sharp";
import { violations } from "./axe.ts";
import { answerConsent, expect, hydrated, test } from "./fixtures.ts";
import { screens } from "./screens.ts";
import { signInStaff } from "./staff.ts";

/**
 * The back office's content (docs/product/back-office.md, "Content"): the editor writes an article
 * with the rich-text editor, previews the draft in the public design (which the public does not
 * see), publishes it and finds it on /blog; uploads a banner that the site then serves; and every
 * content screen passes axe. What the tests create they delete again, so other tests see the
 * demo content as it was.
 */

const EDITOR = "editor@rarita.test";

// One test at a time: the axe test opens the first banner and article of the lists, which the
// others add and delete.
test.describe.configure({ mode: "default" });

/** The editor's session of the run (tests/e2e/staff.ts), on `to`. */
async function signInEditor(page: Page, to: string) {
  await signInStaff(page, EDITOR, { to });
}

/** The rich-text editor has taken over its field (its module comes apart, after the hydration). */
async function editorReady(page: Page) {
  await expect(page.getByRole("toolbar").first()).toBeVisible();
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test("the editor writes an article, previews the draft, publishes it and finds it on /blog", async ({
  page,
}) => {
  const title = `Rum z Guyany ${Date.now()}`;
  await signInEditor(page, "/admin/obsah/blog/new");
  await hydrated(page);
  await editorReady(page);
  await page.getByLabel("Název (česky)").fill(title);
  await page.getByLabel("Perex (česky)").fill("Demerara a její palírny.");
  const body = page.getByRole("textbox", { name: "Text (česky)" });
  await body.click();
  await page.keyboard.type("Úvodní odstavec. ");
  await page.getByRole("button", { name: "Tučně" }).first().click();
  await page.keyboard.type("Tučná slova");
  await page.getByLabel("Úvodní obrázek").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await png(1200, 675, "#7d6224"),
  });
  await expect(page.getByLabel("Koncept (nezveřejněno)")).toBeChecked();
  expect(await violations(page)).toEqual([]);
  await page.getByRole("button", { name: "Uložit" }).first().click();

  await expect(page).toHaveURL(/\/admin\/obsah\/blog\/\d+\?saved=1$/);
  await expect(page.getByTestId("post-state")).toHaveText("Koncept");
  const id = page.url().match(/blog\/(\d+)/)![1];
  // The public does not see a draft.
  expect((await page.request.get(`/blog/${id}/rum`, { maxRedirects: 0 })).status()).toBe(404);

  await page.getByTestId("post-preview").click();
  await expect(page).toHaveURL(`/admin/obsah/blog/${id}/nahled`);
  await expect(page.getByTestId("preview-notice")).toBeVisible();
  await expect(page.getByTestId("article-title")).toHaveText(title);
  await expect(page.getByTestId("article-body").locator("strong")).toHaveText("Tučná slova");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(await violations(page)).toEqual([]);
  await screens(page, "admin-content-preview");

  await page.getByRole("link", { name: "Zpět k úpravám" }).click();
  await hydrated(page);
  await page.getByLabel("Zveřejnit hned").check();
  await page.getByRole("button", { name: "Uložit" }).first().click();
  await expect(page.getByTestId("post-state")).toHaveText("Zveřejněno");

  await page.goto("/blog");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByTestId("article-title")).toHaveText(title);
  await expect(page.getByTestId("article-body").locator("strong")).toHaveText("Tučná slova");

  // Gone again, so the blog's own tests see the demo articles.
  await page.goto(`/admin/obsah/blog/${id}`);
  await page.getByRole("button", { name: "Smazat" }).click();
  await expect(page).toHaveURL(/\/admin\/obsah\/blog\?deleted=1$/);
});

test("the editor changes an info page: the public page stays as it was until the previewed draft is published", async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Doprava ${Date.now()}`;
  await signInEditor(page, "/admin/obsah/stranky/new");
  await hydrated(page);
  await editorReady(page);
  await page.getByLabel("Název (česky)").fill(title);
  await page.getByRole("textbox", { name: "Text (česky)" }).click();
  await page.keyboard.type("Posíláme do tří dnů.");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page).toHaveURL(/\/admin\/obsah\/stranky\/\d+\?saved=1$/);
  await expect(page.getByTestId("page-state")).toHaveText("Nezveřejněno");
  const id = page.url().match(/stranky\/(\d+)/)![1];
  const publicPath = `/info/${id}/${title.toLowerCase().replace(" ", "-")}`;
  // A new page is not on the site until it is published.
  expect((await page.request.get(publicPath, { maxRedirects: 0 })).status()).toBe(404);
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expect(page.getByRole("status")).toHaveText("Zveřejněno. Web teď ukazuje novou verzi.");
  await expect(page.getByTestId("page-state")).toHaveText("Zveřejněno");

  // The change is saved as a draft: the public page does not move.
  await hydrated(page);
  await editorReady(page);
  await page.getByLabel("Název (česky)").fill(`${title} a platba`);
  await page.getByRole("textbox", { name: "Text (česky)" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Platba kartou i převodem.");
  await page.getByRole("button", { name: "Uložit koncept" }).click();
  await expect(page.getByTestId("page-state")).toHaveText("Koncept čeká na zveřejnění");
  await expect(page.getByRole("status")).toHaveText("Koncept uložen. Na webu se změní až po zveřejnění.");
  expect(await violations(page)).toEqual([]);
  await screens(page, "admin-content-info-page-draft");
  const guest = await browser.newContext({ baseURL });
  await answerConsent(guest, baseURL!);
  const visitor = await guest.newPage();
  await visitor.goto(publicPath);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByText("Platba kartou")).toHaveCount(0);

  // The preview shows the draft in the public page's design, to the editor only.
  await page.getByTestId("page-preview").click();
  await expect(page).toHaveURL(`/admin/obsah/stranky/${id}/nahled`);
  await expect(page.getByTestId("preview-notice")).toContainText("Návštěvníci zatím vidí zveřejněnou verzi.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} a platba`);
  await expect(page.getByText("Posíláme do tří dnů. Platba kartou i převodem.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(await violations(page)).toEqual([]);
  await screens(page, "admin-content-info-page-preview");
  expect((await visitor.request.get(`/admin/obsah/stranky/${id}/nahled`)).status()).toBe(403);

  await page.getByRole("link", { name: "Zpět k úpravám" }).click();
  await page.getByRole("button", { name: "Zveřejnit" }).click();
  await expect(page.getByTestId("page-state")).toHaveText("Zveřejněno");
  await visitor.goto(publicPath);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${title} a platba`);
  await expect(visitor.getByText("Posíláme do tří dnů. Platba kartou i převodem.")).toBeVisible();
  await guest.close();

  // Gone again, so other tests see the demo pages as they were.
  await page.getByRole("button", { name: "Smazat" }).click();
  await expect(page).toHaveURL(/\/admin\/obsah\/stranky\?deleted=1$/);
});

test("the editor uploads a banner that the site serves, and deletes it", async ({ page }) => {
  const title = `Jarní aukce ${Date.now()}`;
  await signInEditor(page, "/admin/obsah/bannery/new");
  await hydrated(page);
  await page.getByLabel("Skupina").selectOption("banner.popup_mobile");
  await page.getByLabel("Jazyk").selectOption("en");
  await page.getByLabel("Titulek").fill(title);
  await page.getByLabel("Odkaz").fill("/en/monthly-auctions");
  await page.getByLabel("Obrázek").setInputFiles({
    name: "banner.png",
    mimeType: "image/png",
    buffer: await png(400, 600, "#a33"),
  });
  expect(await violations(page)).toEqual([]);
  await page.getByRole("button", { name: "Uložit" }).click();
  await expect(page).toHaveURL(/\/admin\/obsah\/bannery\/\d+\?saved=1$/);
  await expect(page.getByRole("status")).toHaveText("Uloženo.");

  const poster = (await (await page.request.get("/api/poster?lang=en")).json()) as Record<
    string,
    { title: string; path: string; image: string }[]
  >;
  const served = poster["banner.popup_mobile"].find((banner) => banner.title === title);
  expect(served?.path).toBe("/uploads/banners");
  const image = await page.request.get(`${served?.path}/${served?.image}`);
  expect(image.headers()["content-type"]).toBe("image/webp");

  await page.getByRole("button", { name: "Smazat" }).click();
  await expect(page).toHaveURL(/\/admin\/obsah\/bannery\?deleted=1$/);
  const after = (await (await page.request.get("/api/poster?lang=en")).json()) as Record<
    string,
    { title: string }[]
  >;
  expect(after["banner.popup_mobile"].map((banner) => banner.title)).not.toContain(title);
});

test("a PNG renamed .pdf is refused at the field, keeping the titles", async ({ page }) => {
  await signInEditor(page, "/admin/obsah/dokumenty");
  await page.getByLabel("Název (česky)").fill("Ceník");
  await page.getByLabel("Soubor PDF").setInputFiles({
    name: "cenik.pdf",
    mimeType: "application/pdf",
    buffer: await png(10, 10, "#000"),
  });
  await page.getByRole("button", { name: "Nahrát dokument" }).click();
  await expect(page.getByText("Soubor není PDF.")).toBeVisible();
  await expect(page.getByLabel("Název (česky)")).toHaveValue("Ceník");
});

test("every content screen passes axe", async ({ page }) => {
  // Ten screens, each scanned by axe (and shot at three widths with SCREENS_DIR): more than the
  // default 30 s on a loaded 2-core machine.
  test.slow();
  await signInEditor(page, "/admin/obsah/bannery");
  for (const path of [
    "/admin/obsah/bannery",
    "/admin/obsah/bannery/new",
    "/admin/obsah/blog",
    "/admin/obsah/blog/new",
    "/admin/obsah/blog-kategorie",
    "/admin/obsah/stranky",
    "/admin/obsah/stranky/1",
    "/admin/obsah/dokumenty",
  ]) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator("h1")).toBeVisible();
    expect(await violations(page), path).toEqual([]);
    await screens(page, `admin-content-${path.replace(/^\/admin\/obsah\//, "").replace(/\//g, "-")}`);
  }
  // An existing banner and article too, with their stored values.
  await page.goto("/admin/obsah/bannery");
  await page.getByTestId("table-banners").locator("tbody a").first().click();
  await hydrated(page);
  expect(await violations(page)).toEqual([]);
  await page.goto("/admin/obsah/blog");
  await page.getByTestId("table-blog-posts").locator("tbody a").first().click();
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Text (česky)" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the preview is refused to staff without the content scope", async ({ page }) => {
  await signInStaff(page, "moderator@rarita.test", { to: "/admin" });
  const response = await page.goto("/admin/obsah/blog/1/nahled");
  expect(response?.status()).toBe(403);
  expect((await page.goto("/admin/obsah/stranky/1/nahled"))?.status()).toBe(403);
});
