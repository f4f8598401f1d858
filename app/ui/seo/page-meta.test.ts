import { describe, expect, it } from "vitest";
import { pageAlternates, pageMeta } from "./page-meta.ts";

const root = { id: "root", params: {}, loaderData: { locale: "cs", origin: "https://rarita.example" } };

describe("pageAlternates", () => {
  it("gives the twin of a `name___locale` route from its params", () => {
    expect(pageAlternates([root, { id: "search___cs", params: {} }])).toEqual({
      cs: "/hledani",
      en: "/en/search",
    });
    expect(pageAlternates([root, { id: "userProfile___en", params: { id: "5" } }])).toEqual({
      cs: "/uzivatel/5",
      en: "/en/user/5",
    });
  });

  it("prefers the localised paths a handle gives, without their query", () => {
    const handle = { alternates: (data: { paths: Record<string, string> }) => data.paths };
    const match = {
      id: "category___cs",
      params: { id: "4", slug: "karibik" },
      handle,
      loaderData: { paths: { cs: "/4/karibik?strana=2", en: "/en/4/caribbean?strana=2" } },
    };
    expect(pageAlternates([root, match])).toEqual({ cs: "/4/karibik", en: "/en/4/caribbean" });
    // No loader data (an error): the route's own params still give a path.
    expect(pageAlternates([root, { ...match, loaderData: undefined }])).toEqual({
      cs: "/4/karibik",
      en: "/en/4/karibik",
    });
  });

  it("skips layout routes and gives null for a page without a twin", () => {
    expect(
      pageAlternates([
        root,
        { id: "routes/account/layout", params: {} },
        { id: "accountWatch___cs", params: {} },
      ]),
    ).toEqual({ cs: "/ucet/sledovane-aukce", en: "/en/account/watch" });
    expect(pageAlternates([root, { id: "not-found", params: { "*": "x" } }])).toBeNull();
    expect(pageAlternates([root, { id: "info___cs", params: { id: "1" } }])).toBeNull();
  });
});

describe("pageMeta", () => {
  const location = { pathname: "/dokumenty" };
  const links = (tags: ReturnType<typeof pageMeta>) =>
    tags
      .filter((tag) => "tagName" in tag)
      .map((tag) => {
        const link = tag as { rel: string; hrefLang?: string; href: string };
        return `${link.hrefLang ?? link.rel} ${link.href}`;
      });

  it("adds canonical and hreflang (cs, en, x-default) with the site's origin", () => {
    const tags = pageMeta({ matches: [root, { id: "documents___cs", params: {} }], location }, (t) => ({
      title: t("pages.documentsTitle"),
      description: t("pages.documentsDescription"),
    }));
    expect(tags).toContainEqual({ title: "Dokumenty | Rarita" });
    expect(links(tags)).toEqual([
      "canonical https://rarita.example/dokumenty",
      "cs https://rarita.example/dokumenty",
      "en https://rarita.example/en/documents",
      "x-default https://rarita.example/dokumenty",
    ]);
    expect(tags).toContainEqual({ name: "description", content: expect.stringContaining("ke stažení") });
  });

  it("leaves out empty descriptions and marks noindex when asked", () => {
    const tags = pageMeta(
      {
        matches: [root, { id: "accountOverview___cs", params: {} }],
        location: { pathname: "/ucet/prehled" },
      },
      { title: "Přehled účtu", noindex: true },
    );
    expect(tags.some((tag) => "name" in tag && tag.name === "description")).toBe(false);
    expect(tags.some((tag) => "property" in tag && tag.property === "og:description")).toBe(false);
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});
