import { describe, expect, it } from "vitest";
import {
  isSafeRelativePath,
  ogImageSrc,
  parseVariantPath,
  srcSet,
  uploadsRelativePath,
  VARIANT_WIDTHS,
  variantSources,
  variantSrc,
  variantUrl,
} from "./image-variants.ts";

describe("variant URLs", () => {
  it("builds a width variant from a stored path and file name", () => {
    expect(variantUrl("/uploads/products/7", "1.svg", 480)).toBe("/img/480/products/7/1.svg");
    expect(variantUrl("/uploads/products/7/", "front.webp", 160)).toBe("/img/160/products/7/front.webp");
  });

  it("encodes each path segment so odd file names survive", () => {
    expect(variantSrc("/uploads/blog/rum & cigár.jpg", 320)).toBe("/img/320/blog/rum%20%26%20cig%C3%A1r.jpg");
    expect(parseVariantPath(variantSrc("/uploads/blog/rum & cigár.jpg", 320))).toEqual({
      kind: "width",
      width: 320,
      relative: "blog/rum & cigár.jpg",
    });
  });

  it("leaves URLs that are not uploaded images unchanged", () => {
    expect(variantSrc("https://cdn.example/x.jpg", 320)).toBe("https://cdn.example/x.jpg");
    expect(variantSrc("/assets/logo.svg", 320)).toBe("/assets/logo.svg");
    expect(variantSrc("/uploads/documents/terms.pdf", 320)).toBe("/uploads/documents/terms.pdf");
    expect(srcSet("/assets/logo.svg")).toBeUndefined();
    expect(ogImageSrc("https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
  });

  it("lists every width with its descriptor in a srcset", () => {
    expect(srcSet("/uploads/products/7/1.svg")).toBe(
      VARIANT_WIDTHS.map((w) => `/img/${w}/products/7/1.svg ${w}w`).join(", "),
    );
    expect(srcSet("/uploads/products/7/1.svg", [160, 320])).toBe(
      "/img/160/products/7/1.svg 160w, /img/320/products/7/1.svg 320w",
    );
  });

  it("gives an img's src and srcset from one check of the path, as variantSrc and srcSet do", () => {
    for (const src of [
      "/uploads/blog/rum & cigár.jpg",
      "/uploads/products/7/1.svg",
      "/assets/logo.svg",
      "/uploads/x.pdf",
    ])
      for (const widths of [VARIANT_WIDTHS, [160, 320] as const, [] as const])
        expect(variantSources(src, widths, 480)).toEqual({
          src: variantSrc(src, 480),
          srcSet: srcSet(src, widths),
        });
  });

  it("points the share image at the JPEG card", () => {
    expect(ogImageSrc("/uploads/products/7/1.svg")).toBe("/img/og/products/7/1.svg");
    expect(parseVariantPath("/img/og/products/7/1.svg")).toEqual({
      kind: "og",
      relative: "products/7/1.svg",
    });
  });
});

describe("parsing a variant request", () => {
  it("accepts only the listed widths, written plainly", () => {
    expect(parseVariantPath("/img/480/products/7/1.svg")).toEqual({
      kind: "width",
      width: 480,
      relative: "products/7/1.svg",
    });
    for (const path of [
      "/img/333/products/7/1.svg",
      "/img/0480/products/7/1.svg",
      "/img/480.0/products/7/1.svg",
      "/img/-480/products/7/1.svg",
      "/img/480",
      "/img//products/7/1.svg",
      "/uploads/products/7/1.svg",
    ])
      expect(parseVariantPath(path), path).toBeNull();
  });

  it("refuses traversal however it is spelled", () => {
    for (const path of [
      "/img/320/..%2fsecret.svg",
      "/img/320/products/..%2F..%2Fsecret.svg",
      "/img/320/%2e%2e/secret.svg",
      "/img/320/products/.%2f7/1.svg",
      "/img/320/%2Fetc%2Fx.svg",
      "/img/320/products%5c..%5cx.svg",
      "/img/320/products/7/1.svg%00.png",
      "/img/320/products//1.svg",
      "/img/320/%E0%A4%A.svg",
    ])
      expect(parseVariantPath(path), path).toBeNull();
  });

  it("has no variants for documents and other non-images", () => {
    expect(parseVariantPath("/img/320/documents/terms.pdf")).toBeNull();
    expect(parseVariantPath("/img/og/documents/terms.pdf")).toBeNull();
    expect(uploadsRelativePath("/uploads/documents/terms.pdf")).toBeNull();
    expect(uploadsRelativePath("/uploads/products/7/1.JPG")).toBe("products/7/1.JPG");
  });
});

describe("isSafeRelativePath", () => {
  it("allows plain nested paths", () => {
    expect(isSafeRelativePath("products/7/1.svg")).toBe(true);
    expect(isSafeRelativePath("blog/1-rum..z-guatemaly.svg")).toBe(true);
  });

  it("refuses absolute paths, dot segments, backslashes and control characters", () => {
    for (const path of [
      "",
      "/etc/passwd",
      "C:/x.png",
      "../x.png",
      "a/../../x.png",
      "a/./x.png",
      "a//x.png",
      "a\\x.png",
      "a/x\u0000.png",
      "a/x\n.png",
    ])
      expect(isSafeRelativePath(path), JSON.stringify(path)).toBe(false);
  });
});
