import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import { loader as productLoader } from "#app/routes/catalog/product.tsx";
import { loader as twoSegmentLoader } from "#app/routes/catalog/two-segment.tsx";
import type { Locale } from "#core/i18n/index.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";

/**
 * A category's slug changed in the back office (docs/product/back-office.md, "Catalogue"): its old
 * URL, in either language, answers 301 to the new one, even where a product has the same id
 * (which a wrong slug would otherwise lead to); a product URL with the old category segment
 * answers 301 to the product's URL now.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

function context(locale: Locale = "cs") {
  const provider = new RouterContextProvider();
  provider.set(appContext, { services: api.services, user: null, locale } as never);
  return provider;
}

async function redirectOf(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    throw error;
  }
  return { status: 200, location: null };
}

describe("a renamed category's old URLs", () => {
  it("answer 301 to the new URL, also where a product shares the id, and product URLs follow", async () => {
    const category = await insertCategory(api.db, {
      slugCs: "doutniky",
      slugEn: "cigars",
      nameCs: "Doutníky",
    });
    // A product with the category's id: a stale category slug must not lead to it.
    let twin = await insertProduct(api.db, { categoryId: category!.id });
    while (twin!.id < category!.id) twin = await insertProduct(api.db, { categoryId: category!.id });
    const { user } = await api.createUser({ role: "editor" });
    const saved = await api.services.catalogAdmin.updateCategory({ id: user.id }, category!.id, {
      nameCs: "Doutníky",
      nameEn: "Cigars",
      slugCs: "kubanske-doutniky",
      slugEn: "cuban-cigars",
      descriptionCs: null,
      descriptionEn: null,
      isActive: true,
      premoderated: false,
    });
    expect(saved.ok).toBe(true);
    const id = String(category!.id);

    const cs = await redirectOf(
      twoSegmentLoader({
        params: { id, slug: "doutniky" },
        request: new Request(`http://x/${id}/doutniky?strana=2`),
        context: context(),
      } as never),
    );
    expect(cs).toEqual({ status: 301, location: `/${id}/kubanske-doutniky?strana=2` });
    const en = await redirectOf(
      twoSegmentLoader({
        params: { id, slug: "cigars" },
        request: new Request(`http://x/en/${id}/cigars`),
        context: context("en"),
      } as never),
    );
    expect(en).toEqual({ status: 301, location: `/en/${id}/cuban-cigars` });

    const product = await insertProduct(api.db, {
      categoryId: category!.id,
      slugCs: "cohiba",
      slugEn: "cohiba",
    });
    const productPage = await redirectOf(
      productLoader({
        params: { id: String(product!.id), category: "doutniky", product: "cohiba" },
        request: new Request(`http://x/${product!.id}/doutniky/cohiba`),
        context: context(),
      } as never),
    );
    expect(productPage).toEqual({ status: 301, location: `/${product!.id}/kubanske-doutniky/cohiba` });
  });
});
