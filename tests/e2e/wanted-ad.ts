import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures.ts";

/** A PNG of one colour, 120 × 160, to upload as a listing's photo. */
export function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * Adds a wanted ad ("demand": free by the price list, so it goes live at once) through the API, in
 * the first category that has subcategories, with one photo; its id. `headers` carry a bearer
 * token; without them `request` must hold a session (a page's request context).
 */
export async function postWantedAd(
  request: APIRequestContext,
  ad: { name: string; description: string; brand?: string; headers?: Record<string, string> },
): Promise<number> {
  const { headers } = ad;
  const upload = await request.post("/api/me/advertisements/images", {
    headers,
    multipart: { image: { name: "wanted.png", mimeType: "image/png", buffer: await photo("#7a4e2d") } },
  });
  expect(upload.status()).toBe(201);
  const options = (await (await request.get("/api/me/advertisements/options", { headers })).json()).data;
  const category = options.categories.find(
    (entry: { subcategories: unknown[] }) => entry.subcategories.length > 0,
  );
  const created = await request.post("/api/me/advertisements", {
    headers,
    data: {
      type: "demand",
      categoryId: category.id,
      subcategoryId: category.subcategories[0].id,
      packageId: options.packages[0].id,
      brand: ad.brand,
      name: ad.name,
      priceMinor: null,
      description: ad.description,
      images: [(await upload.json()).data.token],
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id as number;
}
