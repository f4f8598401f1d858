import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { srcSet, variantSrc } from "#core/web/image-variants.ts";
import { createLocalStorage } from "#server/adapters/storage/index.ts";
import { drawBannerSvg, drawProductSvg } from "#server/db/seed/svg.ts";
import { createLogger } from "#server/logger.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { createImageVariants } from "./image-variants.ts";

let api: TestApi;
let uploads: string;
let cache: string;

const BOTTLE = "/uploads/products/7/1.svg";

async function get(url: string) {
  const response = await api.app.request(url);
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  api = await createTestApi();
  uploads = path.join(api.config.dataDir, "uploads");
  cache = path.join(api.config.dataDir, "cache", "images");
  fs.mkdirSync(path.join(uploads, "products", "7"), { recursive: true });
  fs.mkdirSync(path.join(uploads, "blog"), { recursive: true });
  fs.mkdirSync(path.join(uploads, "documents"), { recursive: true });
  // Drawn the way the demo seed draws its pictures (400 × 560 bottles, 800 × 450 blog covers).
  fs.writeFileSync(
    path.join(uploads, "products", "7", "1.svg"),
    drawProductSvg({
      kind: "rum",
      brand: "Zacapa",
      name: "Zacapa Centenario 23",
      badge: "23",
      colors: ["#f4e7c5", "#7a2e1c"],
      seed: 0.4,
      variant: "front",
    }),
  );
  fs.writeFileSync(
    path.join(uploads, "blog", "1-rum.svg"),
    drawBannerSvg({ width: 800, height: 450, title: "Rum z Guatemaly", text: "Redakce", hue: 30 }),
  );
  fs.writeFileSync(path.join(uploads, "documents", "terms.pdf"), "%PDF-1.4\n%%EOF\n");
  fs.writeFileSync(
    path.join(api.config.dataDir, "secret.svg"),
    drawBannerSvg({ width: 10, height: 10, title: "x", text: "y", hue: 1 }),
  );
});

afterAll(async () => {
  await api?.close();
  if (api) fs.rmSync(api.config.dataDir, { recursive: true, force: true });
});

describe("GET /img/<width>/<path>", () => {
  it("rasterises a seeded SVG to WebP of that width, then serves the stored variant", async () => {
    const url = variantSrc(BOTTLE, 320);
    expect(url).toBe("/img/320/products/7/1.svg");
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(first.body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(448); // the 400 × 560 bottle keeps its shape

    const stored = path.join(cache, "320", "products", "7", "1.svg.webp");
    expect(fs.existsSync(stored)).toBe(true);
    // The second answer comes from the disk cache: the stored file's bytes, the file not rewritten.
    const storedAt = fs.statSync(stored).mtimeMs;
    const second = await get(url);
    expect(second.status).toBe(200);
    expect(second.body.equals(fs.readFileSync(stored))).toBe(true);
    expect(fs.statSync(stored).mtimeMs).toBe(storedAt);
  });

  it("draws a vector sharply at the largest width instead of scaling up a small bitmap", async () => {
    const response = await get("/img/1280/products/7/1.svg");
    expect(response.status).toBe(200);
    expect((await sharp(response.body).metadata()).width).toBe(1280);
  });

  it("answers every width of the srcset", async () => {
    const urls = srcSet("/uploads/blog/1-rum.svg")!
      .split(", ")
      .map((entry) => entry.split(" ")[0]);
    expect(urls).toHaveLength(6);
    for (const url of urls) expect((await get(url)).status).toBe(200);
  });

  it("answers 404 for an unknown width, traversal, a missing file and a document", async () => {
    for (const url of [
      "/img/333/products/7/1.svg",
      "/img/0320/products/7/1.svg",
      "/img/320/..%2fsecret.svg",
      "/img/320/products/..%2f..%2fsecret.svg",
      "/img/320/%2e%2e/secret.svg",
      "/img/320/products/7/1.svg%00.svg",
      "/img/320/%2Fetc%2Fpasswd.svg",
      "/img/320/products/7/2.svg",
      "/img/320/documents/terms.pdf",
      "/img/320/",
    ]) {
      const response = await get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.headers.get("content-type")).not.toMatch(/^image\//);
    }
    expect(fs.existsSync(path.join(cache, "333"))).toBe(false);
  });

  it("gives HEAD the headers without a body", async () => {
    const response = await api.app.request("/img/160/products/7/1.svg", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });
});

describe("GET /img/og/<path>", () => {
  it("sets a bottle on a 1200 × 630 JPEG share card", async () => {
    const response = await get("/img/og/products/7/1.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(response.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // The corner is the warm off-white card, not black or transparent.
    const { data } = await sharp(response.body)
      .extract({ left: 2, top: 2, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data].every((channel, i) => Math.abs(channel - [0xf7, 0xf3, 0xec][i]) <= 3)).toBe(true);
  });
});

describe("the variant service", () => {
  it("renders a variant once when many ask for it at the same moment", async () => {
    const dataDir = fs.mkdtempSync(path.join(api.config.dataDir, "concurrent-"));
    fs.mkdirSync(path.join(dataDir, "uploads", "a"), { recursive: true });
    fs.copyFileSync(
      path.join(uploads, "products", "7", "1.svg"),
      path.join(dataDir, "uploads", "a", "b.svg"),
    );
    const variants = createImageVariants({
      storage: createLocalStorage(dataDir),
      logger: createLogger("silent"),
    });
    const renameSpy = countRenames();
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => variants.forPath("/img/480/a/b.svg")),
      );
      expect(new Set(answers.map((answer) => answer?.key)).size).toBe(1);
      expect(answers[0]?.contentType).toBe("image/webp");
      expect(renameSpy.count()).toBe(1);
      // No temporary files are left behind.
      expect(fs.readdirSync(path.join(dataDir, "cache", "images", "480", "a"))).toEqual(["b.svg.webp"]);
    } finally {
      renameSpy.restore();
    }
  });

  it("refuses an original above the pixel limit without decoding it", async () => {
    const dataDir = fs.mkdtempSync(path.join(api.config.dataDir, "huge-"));
    fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    // A few bytes that claim 10 000 × 10 000 pixels (100 MP, over the 40 MP limit).
    fs.writeFileSync(path.join(dataDir, "uploads", "huge.png"), pngHeader(10_000, 10_000));
    const variants = createImageVariants({
      storage: createLocalStorage(dataDir),
      logger: createLogger("silent"),
    });
    expect(await variants.forPath("/img/160/huge.png")).toBeNull();
  });
});

/** Counts fs.promises.rename calls (each finished render renames its temporary file into place once). */
function countRenames() {
  const original = fs.promises.rename;
  let calls = 0;
  fs.promises.rename = async (...args: Parameters<typeof original>) => {
    calls += 1;
    return original(...args);
  };
  return {
    count: () => calls,
    restore: () => {
      fs.promises.rename = original;
    },
  };
}

/** A PNG that is only its header: the size it claims, no pixels. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(0))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
