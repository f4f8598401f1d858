import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES } from "#core/schemas/admin-content.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { auditLog } from "../admin/tables.ts";
import { blogPosts, documents, infoPageDrafts, infoPages } from "./tables.ts";

/** The back office's content API (docs/product/back-office.md, "Content"), on both engines. */
let api: TestApi;
let editor: string;
let moderator: string;
let user: string;

beforeAll(async () => {
  api = await createTestApi();
  editor = (await api.createUser({ role: "editor" })).token;
  moderator = (await api.createUser({ role: "moderator" })).token;
  user = (await api.createUser()).token;
});
afterAll(() => api.close());

const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: "#a33" } })
    .png()
    .toBuffer();

/** A multipart request with text fields and one file. */
async function upload(
  method: string,
  url: string,
  token: string | undefined,
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file)
    form.set(file.field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  const headers: Record<string, string> = { Accept: "application/json", clientUrl: api.config.publicUrl };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await api.app.request(url, { method, headers, body: form });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const hour = 3600_000;
const banner = (title: string, extra: Record<string, string> = {}) => ({
  groupKey: "banner.promo",
  locale: "cs",
  title,
  url: "/mesicni-aukce",
  position: "1",
  isActive: "true",
  ...extra,
});
const poster = async () =>
  (await api.call("GET", "/api/poster?lang=cs")).json["banner.promo"] as { title: string }[];

describe("banners", () => {
  it("stores an uploaded image as WebP where /api/poster serves it, and audits the change", async () => {
    const image = { field: "image", bytes: await png(), name: "promo.png", type: "image/png" };
    const created = await upload("POST", "/api/admin/content/banners", editor, banner("Letní aukce"), image);
    expect(created.status).toBe(201);
    expect(created.json.imageUrl).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.webp$/);
    const file = path.join(api.config.dataDir, created.json.imageUrl);
    expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe("webp");
    const served = (await poster()).find((item) => item.title === "Letní aukce") as unknown as {
      path: string;
      image: string;
    };
    expect(`${served.path}/${served.image}`).toBe(created.json.imageUrl);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "content.banner.create"), eq(auditLog.entityId, String(created.json.id))),
      );
    expect(entry.data).toMatchObject({ before: null, after: { title: "Letní aukce" } });
  });

  it("shows a banner on the site only within its schedule (entered in Prague time)", async () => {
    const image = { field: "image", bytes: await png(), name: "b.png", type: "image/png" };
    const now = Date.now();
    const later = { activeFrom: toPragueLocalInput(new Date(now + 2 * hour)) };
    const over = {
      activeFrom: toPragueLocalInput(new Date(now - 5 * hour)),
      activeTo: toPragueLocalInput(new Date(now - 2 * hour)),
    };
    const running = {
      activeFrom: toPragueLocalInput(new Date(now - 2 * hour)),
      activeTo: toPragueLocalInput(new Date(now + 2 * hour)),
    };
    for (const [title, schedule] of [
      ["Později", later],
      ["Skončil", over],
      ["Teď", running],
    ] as const) {
      const result = await upload(
        "POST",
        "/api/admin/content/banners",
        editor,
        banner(title, schedule),
        image,
      );
      expect(result.status).toBe(201);
    }
    const off = await upload(
      "POST",
      "/api/admin/content/banners",
      editor,
      banner("Vypnutý", { isActive: "" }),
      image,
    );
    expect(off.json.live).toBe(false);
    const titles = (await poster()).map((item) => item.title);
    expect(titles).toContain("Teď");
    expect(titles).not.toContain("Později");
    expect(titles).not.toContain("Skončil");
    expect(titles).not.toContain("Vypnutý");
    // The form shows the times back in Prague time, as they were entered.
    const shown = await api.call("GET", "/api/admin/content/banners?q=Teď", { token: editor });
    expect(toPragueLocalInput(new Date(shown.json.rows[0].activeFrom))).toBe(running.activeFrom);
  });

  it("refuses a file that is not an image, an oversized one, and an end before the start", async () => {
    const fake = {
      field: "image",
      bytes: new TextEncoder().encode("<svg onload=alert(1)>"),
      name: "x.png",
      type: "image/png",
    };
    const notImage = await upload("POST", "/api/admin/content/banners", editor, banner("Falešný"), fake);
    expect(notImage.status).toBe(422);
    expect(notImage.json.errors.image).toEqual(["Obrázek musí být JPEG, PNG nebo WebP."]);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(await png());
    const tooLarge = await upload("POST", "/api/admin/content/banners", editor, banner("Velký"), {
      field: "image",
      bytes: huge,
      name: "big.png",
      type: "image/png",
    });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.json.errors.image[0]).toMatch(/příliš velký/);
    const image = { field: "image", bytes: await png(), name: "b.png", type: "image/png" };
    const backwards = await upload(
      "POST",
      "/api/admin/content/banners",
      editor,
      banner("Obráceně", { activeFrom: "2030-01-02T10:00", activeTo: "2030-01-01T10:00" }),
      image,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.json.errors.activeTo).toBeDefined();
    const link = await upload(
      "POST",
      "/api/admin/content/banners",
      editor,
      banner("Skript", { url: "javascript:alert(1)" }),
      image,
    );
    expect(link.status).toBe(422);
  });

  it("refuses staff without the content scope and guests, and changes nothing", async () => {
    const image = { field: "image", bytes: await png(), name: "b.png", type: "image/png" };
    const before = (await api.call("GET", "/api/admin/content/banners?size=100", { token: editor })).json
      .total;
    expect((await upload("POST", "/api/admin/content/banners", moderator, banner("M"), image)).status).toBe(
      403,
    );
    expect((await upload("POST", "/api/admin/content/banners", user, banner("U"), image)).status).toBe(403);
    expect((await upload("POST", "/api/admin/content/banners", undefined, banner("G"), image)).status).toBe(
      401,
    );
    const after = (await api.call("GET", "/api/admin/content/banners?size=100", { token: editor })).json
      .total;
    expect(after).toBe(before);
  });
});

describe("documents", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

  it("stores a PDF under DATA_DIR/uploads and lists it on the documents page", async () => {
    const result = await upload(
      "POST",
      "/api/admin/content/documents",
      editor,
      { titleCs: "Ceník", position: "3" },
      {
        field: "file",
        bytes: pdf,
        name: "Ceník služeb.pdf",
        type: "application/pdf",
      },
    );
    expect(result.status).toBe(201);
    expect(result.json.filePath).toMatch(/^\/uploads\/documents\/[0-9a-f]{16}\/Cenik-sluzeb\.pdf$/);
    expect(
      fs.readFileSync(path.join(api.config.dataDir, result.json.filePath)).subarray(0, 5).toString(),
    ).toBe("%PDF-");
    const listed = await api.services.cms.documents("cs");
    expect(listed.map((doc) => doc.title)).toContain("Ceník");
  });

  it("refuses a PNG renamed .pdf and a PDF over the size limit", async () => {
    const count = (await api.db.select().from(documents)).length;
    const renamed = await upload(
      "POST",
      "/api/admin/content/documents",
      editor,
      { titleCs: "Obrázek" },
      {
        field: "file",
        bytes: await png(),
        name: "obrazek.pdf",
        type: "application/pdf",
      },
    );
    expect(renamed.status).toBe(422);
    expect(renamed.json.errors.file).toEqual(["Soubor není PDF."]);
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(pdf);
    const oversized = await upload(
      "POST",
      "/api/admin/content/documents",
      editor,
      { titleCs: "Velký" },
      {
        field: "file",
        bytes: big,
        name: "velky.pdf",
        type: "application/pdf",
      },
    );
    expect(oversized.status).toBe(422);
    expect(oversized.json.errors.file[0]).toMatch(/příliš velký/);
    expect((await api.db.select().from(documents)).length).toBe(count);
  });
});

describe("blog articles", () => {
  const post = (extra: Record<string, unknown> = {}) => ({
    titleCs: "Rum z Guyany",
    perexCs: "Demerara",
    bodyCs:
      '<h1>Nadpis</h1><p onclick="x()">Text <strong>tučně</strong><script>alert(1)</script><img src=x onerror="alert(1)"> <a href="javascript:alert(1)">zlý</a> <a href="https://example.com" target="_blank">ven</a> <a href="/blog">doma</a></p>',
    ...extra,
  });

  it("sanitises the body on save: no script, no onerror, no javascript: link", async () => {
    const created = await api.call("POST", "/api/admin/content/blog/posts", { token: editor, body: post() });
    expect(created.status).toBe(201);
    const [row] = await api.db.select().from(blogPosts).where(eq(blogPosts.id, created.json.id));
    expect(row.bodyCs).toBe(
      '<h2>Nadpis</h2><p>Text <strong>tučně</strong> zlý <a href="https://example.com" rel="noopener noreferrer">ven</a> <a href="/blog">doma</a></p>',
    );
    expect(row.bodyCs).not.toMatch(/script|onerror|onclick|javascript:|<img/);
    expect(row.slugCs).toBe("rum-z-guyany");
  });

  it("keeps a draft and a scheduled article off the site; the preview shows them to content staff only", async () => {
    const draft = await api.call("POST", "/api/admin/content/blog/posts", {
      token: editor,
      body: post({ titleCs: "Koncept" }),
    });
    expect(draft.json.state).toBe("draft");
    expect(draft.json.publishedAt).toBeNull();
    const scheduled = await api.call("POST", "/api/admin/content/blog/posts", {
      token: editor,
      body: post({
        titleCs: "Zítra",
        publish: "schedule",
        publishAt: toPragueLocalInput(new Date(Date.now() + 24 * hour)),
      }),
    });
    expect(scheduled.json.state).toBe("scheduled");
    for (const id of [draft.json.id, scheduled.json.id]) {
      expect(await api.services.blog.post(id, "cs")).toBeNull();
      const preview = `/api/admin/content/blog/posts/${id}/preview`;
      expect((await api.call("GET", preview, { token: editor })).status).toBe(200);
      expect((await api.call("GET", preview, { token: moderator })).status).toBe(403);
      expect((await api.call("GET", preview, { token: user })).status).toBe(403);
      expect((await api.call("GET", preview)).status).toBe(401);
    }
    const listed = await api.services.blog.listPosts({ locale: "cs", page: 1 });
    expect(listed.items.map((item) => item.title)).not.toContain("Koncept");

    const published = await api.call("PUT", `/api/admin/content/blog/posts/${draft.json.id}`, {
      token: editor,
      body: post({ titleCs: "Koncept", publish: "now" }),
    });
    expect(published.json.state).toBe("published");
    expect((await api.services.blog.post(draft.json.id, "cs"))?.title).toBe("Koncept");
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "content.blogPost.update"), eq(auditLog.entityId, String(draft.json.id))),
      );
    expect(entry.data).toMatchObject({ before: { publishedAt: null }, after: { state: "published" } });
  });
});

describe("an article's cover through the API", () => {
  const cover = async (
    id: number,
    token: string | undefined,
    file?: { bytes: Uint8Array; name: string; type: string },
  ) =>
    upload(
      "PUT",
      `/api/admin/content/blog/posts/${id}/cover`,
      token,
      {},
      file && { field: "image", ...file },
    );
  const coverFiles = () =>
    fs.readdirSync(path.join(api.config.dataDir, "uploads", "blog"), { withFileTypes: false }) as string[];

  it("stores the picture by its content, re-encoded to WebP, replaces the old one and audits it", async () => {
    const post = await api.call("POST", "/api/admin/content/blog/posts", {
      token: editor,
      body: { titleCs: "S obálkou" },
    });
    // A PNG sent as a .jpg: the bytes decide, not the name or the type.
    const first = await cover(post.json.id, editor, {
      bytes: await png(3000, 100),
      name: "obalka.jpg",
      type: "image/jpeg",
    });
    expect(first.status).toBe(200);
    expect(first.json.image).toMatch(/^\/uploads\/blog\/[0-9a-f]{32}\.webp$/);
    const stored = await sharp(fs.readFileSync(path.join(api.config.dataDir, first.json.image))).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 2400 });
    const second = await cover(post.json.id, editor, {
      bytes: await png(),
      name: "b.png",
      type: "image/png",
    });
    expect(second.status).toBe(200);
    expect(fs.existsSync(path.join(api.config.dataDir, first.json.image))).toBe(false);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.blogPost.update"), eq(auditLog.entityId, String(post.json.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.data).toMatchObject({
      before: { image: first.json.image },
      after: { image: second.json.image },
    });
  });

  it("refuses a file that is not an image whatever its name, an oversized one, none, and other people", async () => {
    const post = await api.call("POST", "/api/admin/content/blog/posts", {
      token: editor,
      body: { titleCs: "Bez obálky" },
    });
    const files = coverFiles();
    const script = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    const notImage = await cover(post.json.id, editor, {
      bytes: script,
      name: "obalka.jpg",
      type: "image/jpeg",
    });
    expect(notImage.status).toBe(422);
    expect(notImage.json.errors.image).toEqual(["Obrázek musí být JPEG, PNG nebo WebP."]);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(await png());
    const tooLarge = await cover(post.json.id, editor, { bytes: huge, name: "velka.png", type: "image/png" });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.json.errors.image[0]).toMatch(/příliš velký/);
    const none = await cover(post.json.id, editor);
    expect(none.status).toBe(422);
    expect(none.json.errors.image).toHaveLength(1);
    const image = { bytes: await png(), name: "b.png", type: "image/png" };
    expect((await cover(post.json.id, moderator, image)).status).toBe(403);
    expect((await cover(post.json.id, undefined, image)).status).toBe(401);
    // No such article: 404, and the picture is not left behind.
    expect((await cover(424_242, editor, image)).status).toBe(404);
    expect(coverFiles().sort()).toEqual(files.sort());
    const [row] = await api.db.select().from(blogPosts).where(eq(blogPosts.id, post.json.id));
    expect(row.image).toBeNull();
  });
});

describe("info pages: a draft, its preview, publishing", () => {
  const pages = "/api/admin/content/pages";
  const shown = async (id: number) => (await api.services.cms.infoPage(id, "cs"))?.title ?? null;
  const audited = async (action: string, id: number) => {
    const rows = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    return rows.map((row) => row.data);
  };

  it("keeps a new page off the site until it is published; the preview shows it to content staff only", async () => {
    const created = await api.call("POST", pages, {
      token: editor,
      body: { titleCs: "Doprava zdarma", bodyCs: "<p>Od 2 000 Kč</p>" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: "unpublished", publishedAt: null, published: null });
    const id = created.json.id as number;
    expect(await shown(id)).toBeNull();
    expect((await api.services.blog.sitemapInfoPages()).map((entry) => entry.paths.cs)).not.toContain(
      `/info/${id}/doprava-zdarma`,
    );
    const preview = `${pages}/${id}/preview`;
    const seen = await api.call("GET", preview, { token: editor });
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      title: "Doprava zdarma",
      body: "<p>Od 2 000 Kč</p>",
      published: false,
    });
    expect((await api.call("GET", preview, { token: moderator })).status).toBe(403);
    expect((await api.call("GET", preview, { token: user })).status).toBe(403);
    expect((await api.call("GET", preview)).status).toBe(401);
    expect((await api.call("GET", `${pages}/424242/preview`, { token: editor })).status).toBe(404);

    const published = await api.call("POST", `${pages}/${id}/publish`, { token: editor });
    expect(published.status).toBe(200);
    expect(published.json.state).toBe("published");
    expect(await shown(id)).toBe("Doprava zdarma");
    const [entry] = await audited("content.infoPage.publish", id);
    expect(entry).toMatchObject({ before: null, after: { titleCs: "Doprava zdarma" } });
    // Published and nothing new: nothing to publish.
    expect((await api.call("POST", `${pages}/${id}/publish`, { token: editor })).status).toBe(409);
  });

  it("saves a published page's change as a draft: the site keeps the old text until it is published", async () => {
    const created = await api.call("POST", pages, { token: editor, body: { titleCs: "Reklamace" } });
    const id = created.json.id as number;
    await api.call("POST", `${pages}/${id}/publish`, { token: editor });
    const saved = await api.call("PUT", `${pages}/${id}`, {
      token: editor,
      body: { titleCs: "Reklamace a vrácení", bodyCs: "<p>Do 14 dnů<script>x</script></p>" },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      state: "changed",
      titleCs: "Reklamace a vrácení",
      bodyCs: "<p>Do 14 dnů</p>",
      published: { titleCs: "Reklamace", slugCs: "reklamace" },
    });
    expect(await shown(id)).toBe("Reklamace");
    const [row] = await api.db.select().from(infoPages).where(eq(infoPages.id, id));
    expect(row.titleCs).toBe("Reklamace");
    const preview = await api.call("GET", `${pages}/${id}/preview`, { token: editor });
    expect(preview.json).toMatchObject({ title: "Reklamace a vrácení", published: true });
    expect((await api.call("POST", `${pages}/${id}/publish`, { token: moderator })).status).toBe(403);
    expect(await shown(id)).toBe("Reklamace");

    const published = await api.call("POST", `${pages}/${id}/publish`, { token: editor });
    expect(published.json).toMatchObject({
      state: "published",
      published: { titleCs: "Reklamace a vrácení" },
    });
    expect(await shown(id)).toBe("Reklamace a vrácení");
    expect((await api.services.cms.infoPage(id, "cs"))?.slug).toBe("reklamace-a-vraceni");
    expect(await api.db.select().from(infoPageDrafts).where(eq(infoPageDrafts.pageId, id))).toEqual([]);
    const [entry] = await audited("content.infoPage.publish", id);
    expect(entry).toMatchObject({
      before: { titleCs: "Reklamace" },
      after: { titleCs: "Reklamace a vrácení", bodyCs: "<p>Do 14 dnů</p>" },
    });
  });

  it("discards a draft: the editor sees the published text again and the site never changed", async () => {
    const created = await api.call("POST", pages, { token: editor, body: { titleCs: "Kontakt" } });
    const id = created.json.id as number;
    await api.call("POST", `${pages}/${id}/publish`, { token: editor });
    await api.call("PUT", `${pages}/${id}`, { token: editor, body: { titleCs: "Kontakty" } });
    expect((await api.call("DELETE", `${pages}/${id}/draft`, { token: moderator })).status).toBe(403);
    const discarded = await api.call("DELETE", `${pages}/${id}/draft`, { token: editor });
    expect(discarded.status).toBe(200);
    expect(discarded.json).toMatchObject({ state: "published", titleCs: "Kontakt" });
    expect(await shown(id)).toBe("Kontakt");
    const [entry] = await audited("content.infoPage.discardDraft", id);
    expect(entry).toMatchObject({ before: { titleCs: "Kontakty" }, after: null });
    expect((await api.call("DELETE", `${pages}/${id}/draft`, { token: editor })).status).toBe(409);
    // Saving the published texts again leaves no draft behind.
    const same = await api.call("PUT", `${pages}/${id}`, { token: editor, body: { titleCs: "Kontakt" } });
    expect(same.json.state).toBe("published");
  });
});

describe("info pages and categories", () => {
  it("keeps the terms and the privacy policy from being deleted", async () => {
    await api.call("POST", "/api/admin/content/pages", { token: editor, body: { titleCs: "Podmínky" } });
    await api.call("POST", "/api/admin/content/pages", { token: editor, body: { titleCs: "GDPR" } });
    const page = await api.call("POST", "/api/admin/content/pages", {
      token: editor,
      body: { titleCs: "Doprava", bodyCs: "<p>Zdarma<script>x</script></p>" },
    });
    expect(page.json.bodyCs).toBe("<p>Zdarma</p>");
    expect((await api.call("DELETE", "/api/admin/content/pages/1", { token: editor })).status).toBe(409);
    expect((await api.call("DELETE", "/api/admin/content/pages/2", { token: editor })).status).toBe(409);
    expect(
      (await api.call("DELETE", `/api/admin/content/pages/${page.json.id}`, { token: editor })).status,
    ).toBe(204);
  });

  it("refuses to delete a category that holds articles", async () => {
    const category = await api.call("POST", "/api/admin/content/blog/categories", {
      token: editor,
      body: { nameCs: "Rumy", position: 1 },
    });
    expect(category.json.slugCs).toBe("rumy");
    await api.call("POST", "/api/admin/content/blog/posts", {
      token: editor,
      body: { titleCs: "V rubrice", categoryId: category.json.id },
    });
    const refused = await api.call("DELETE", `/api/admin/content/blog/categories/${category.json.id}`, {
      token: editor,
    });
    expect(refused.status).toBe(409);
  });
});
