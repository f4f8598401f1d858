import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { LISTING_IMAGE_UPLOAD_PATH } from "../listing-photos/api.ts";
import { decodeSlots, MAX_UPLOAD_PIXELS, UPLOAD_DECODES_AT_ONCE, UPLOADS_PER_WINDOW } from "./uploads.ts";

/**
 * Hostile uploads: a small file announcing a huge picture (decoding costs by the pixel), and a
 * flood of uploads by one user. Both listing photos and avatars.
 */
let api: TestApi;
/** 6300 x 6300 = 39.7 MP of one colour: a PNG of some 40 KB, the attack's shape. */
let huge: Buffer;

beforeAll(async () => {
  api = await createTestApi();
  huge = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#c39a3f" } })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await api?.close();
});

async function upload(path: string, field: string, token: string, bytes: Uint8Array, lang = "cs") {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], "lahev.png", { type: "image/png" }));
  const response = await api.app.request(`${path}?lang=${lang}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    body: form,
  });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

const photo = (token: string, bytes: Uint8Array, lang?: string) =>
  upload(LISTING_IMAGE_UPLOAD_PATH, "image", token, bytes, lang);
const avatar = (token: string, bytes: Uint8Array, lang?: string) =>
  upload("/api/me/avatar", "avatar", token, bytes, lang);

describe("image uploads", () => {
  it("refuse a small file of too many pixels by its header, with a translated message", async () => {
    expect(huge.byteLength).toBeLessThan(200 * 1024);
    expect(6300 * 6300).toBeGreaterThan(MAX_UPLOAD_PIXELS);
    const { token } = await api.createUser();
    const listing = await photo(token, huge);
    expect(listing.status).toBe(422);
    expect(listing.json).toEqual({
      errors: { image: ["Obrázek má příliš mnoho pixelů (nejvýše 25 Mpx). Nahrajte prosím menší fotku."] },
    });
    const profile = await avatar(token, huge, "en");
    expect(profile.status).toBe(422);
    expect(profile.json).toEqual({
      errors: { avatar: ["The image has too many pixels (at most 25 MP). Please upload a smaller photo."] },
    });
  });

  it("still take a photo of a phone's size", async () => {
    const { token } = await api.createUser();
    const phone = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#1f4e5a" } })
      .jpeg()
      .toBuffer();
    expect((await photo(token, phone)).status).toBe(201);
  });

  it(`decode at most ${UPLOAD_DECODES_AT_ONCE} uploads at once; the others wait their turn and are all stored`, async () => {
    const phone = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#5a1f2e" } })
      .jpeg()
      .toBuffer();
    const users = await Promise.all(Array.from({ length: 5 }, () => api.createUser()));
    // What the gate holds, sampled while the five uploads run (decoding runs off the event loop).
    let mostDecoding = 0;
    let mostInGate = 0;
    const sampler = setInterval(() => {
      mostDecoding = Math.max(mostDecoding, decodeSlots.activeCount);
      mostInGate = Math.max(mostInGate, decodeSlots.activeCount + decodeSlots.pendingCount);
    }, 2);
    try {
      const results = await Promise.all(users.map(({ token }) => photo(token, phone)));
      expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
    } finally {
      clearInterval(sampler);
    }
    expect(mostDecoding).toBe(UPLOAD_DECODES_AT_ONCE);
    expect(mostInGate).toBeGreaterThan(UPLOAD_DECODES_AT_ONCE);
  });

  it(`allow ${UPLOADS_PER_WINDOW} uploads per user in 10 minutes, photos and avatars together, then 429`, async () => {
    const { token } = await api.createUser();
    // Not pictures: refused at once, but counted, as every upload is (the decoding is the cost).
    const junk = new TextEncoder().encode("not a picture");
    for (let index = 0; index < UPLOADS_PER_WINDOW; index++) {
      const result = index % 2 === 0 ? await photo(token, junk) : await avatar(token, junk);
      expect(result.status).toBe(422);
    }
    const limited = await photo(token, junk);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.errors.image[0]).toMatch(/^Nahráváte příliš mnoho obrázků najednou\. .* \d+ min\.$/);
    const limitedAvatar = await avatar(token, junk, "en");
    expect(limitedAvatar.status).toBe(429);
    expect(limitedAvatar.json.errors.avatar[0]).toMatch(/^You are uploading too many images\./);
    // Another user is not held back.
    const other = await api.createUser();
    expect((await photo(other.token, junk)).status).toBe(422);
  });
});
