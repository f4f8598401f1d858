import { describe, expect, it } from "vitest";
import {
  isSafeRedirect,
  MAX_REDIRECT_LENGTH,
  safeLocalPath,
  safeRedirect,
  safeRedirectTarget,
} from "./safe-redirect.ts";

describe("isSafeRedirect", () => {
  it.each([
    "/",
    "/ucet/prehled",
    "/en/account/overview",
    "/uzivatel/12",
    "/ucet/vase-aukce/15/upravit",
    "/~user",
    "/a@b",
    "/snake_case",
    "/info/1/obchodni-podminky",
    "/ucet/",
  ])("accepts the local path %s", (path) => {
    expect(isSafeRedirect(path)).toBe(true);
  });

  it("accepts Czech letters with diacritics, raw or percent-encoded", () => {
    expect(isSafeRedirect("/účet/přehled")).toBe(true);
    expect(isSafeRedirect("/ŽLUŤOUČKÝ-kůň")).toBe(true);
    expect(isSafeRedirect("/%C4%8Dl%C3%A1nek")).toBe(true);
    expect(isSafeRedirect("/a%2Fb")).toBe(true);
  });

  it("refuses decomposed diacritics (a combining mark is not a letter)", () => {
    expect(isSafeRedirect("/u\u0301cet")).toBe(false);
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/ucet"],
    ["absolute URL", "https://evil.example"],
    ["absolute URL on our path", "https://rarita.cz/ucet"],
    ["backslash trick", "/\\evil.example"],
    ["backslash inside", "/ucet\\prehled"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>"],
    ["query string", "/foo?x=1"],
    ["search with q", "/hledani?q=rum"],
    ["hash", "/ucet#top"],
    ["empty", ""],
    ["relative", "foo"],
    ["relative with slash", "foo/bar"],
    ["dot segments", "/ucet/../admin"],
    ["single dot", "/./ucet"],
    ["a dot in a segment", "/evil.example"],
    ["empty segment inside", "/ucet//prehled"],
    ["space", "/ucet prehled"],
    ["leading space", " /ucet"],
    ["tab", "/ucet\tprehled"],
    ["newline", "/ucet\n/prehled"],
    ["carriage return", "/ucet\r"],
    ["NUL", "/ucet\u0000"],
    ["DEL", "/ucet\u007f"],
    ["non-breaking space", "/ucet\u00a0x"],
    ["full-width solidus", "/\uff0fevil"],
    ["encoded double slash", "/%2F%2Fevil.example"],
    ["encoded slash after root", "/%2Fevil"],
    ["lower-case encoded slashes", "/%2f%2fevil"],
    ["encoded backslash", "/%5Cevil"],
    ["encoded dot segments", "/%2E%2E/admin"],
    ["double-encoded slashes", "/%252F%252Fevil"],
    ["encoded query", "/foo%3Fx%3D1"],
    ["encoded space", "/a%20b"],
    ["encoded newline", "/a%0Ab"],
    ["encoded NUL", "/a%00"],
    ["malformed escape", "/a%zz"],
    ["bare percent", "/100%"],
    ["encoded literal percent", "/100%25"],
    ["invalid UTF-8 escape", "/%C4"],
    ["encoded scheme", "/%6A%61%76%61%73%63%72%69%70%74:alert(1)"],
  ])("refuses %s", (_label, value) => {
    expect(isSafeRedirect(value)).toBe(false);
  });

  it("refuses values nested in more than three rounds of encoding", () => {
    expect(isSafeRedirect("/a%252525C4%25252591")).toBe(false);
    expect(isSafeRedirect("/a%2525C4%252591")).toBe(true);
  });

  it("refuses non-strings", () => {
    expect(isSafeRedirect(undefined)).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(42)).toBe(false);
    expect(isSafeRedirect(["/ucet"])).toBe(false);
  });

  it("accepts up to 2000 characters and refuses longer values", () => {
    expect(MAX_REDIRECT_LENGTH).toBe(2000);
    expect(isSafeRedirect(`/${"a".repeat(1999)}`)).toBe(true);
    expect(isSafeRedirect(`/${"a".repeat(2000)}`)).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("returns a safe value unchanged (not decoded)", () => {
    expect(safeRedirect("/ucet/prehled", "/")).toBe("/ucet/prehled");
    expect(safeRedirect("/%C4%8Dl%C3%A1nek", "/")).toBe("/%C4%8Dl%C3%A1nek");
  });

  it("returns the fallback otherwise, by default the home page", () => {
    expect(safeRedirect("//evil.example", "/ucet/prehled")).toBe("/ucet/prehled");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/en/account/overview")).toBe("/en/account/overview");
  });
});

describe("safeRedirectTarget (a remembered page with its query string)", () => {
  it("keeps a query after a safe path, re-serialised", () => {
    expect(safeRedirectTarget("/hledani?q=rum")).toBe("/hledani?q=rum");
    expect(safeRedirectTarget("/ucet/prehled?tab=2&strana=3")).toBe("/ucet/prehled?tab=2&strana=3");
    expect(safeRedirectTarget("/hledani?q=%C4%8Dern%C3%BD%20rum")).toBe("/hledani?q=%C4%8Dern%C3%BD+rum");
    expect(safeRedirectTarget("/hledani?q=černý")).toBe("/hledani?q=%C4%8Dern%C3%BD");
    expect(safeRedirectTarget("/ucet?")).toBe("/ucet");
    expect(safeRedirectTarget("/ucet/prehled")).toBe("/ucet/prehled");
  });

  it("encodes whatever the query holds, so it cannot leave the path", () => {
    expect(safeRedirectTarget("/hledani?next=https://evil.example")).toBe(
      "/hledani?next=https%3A%2F%2Fevil.example",
    );
    expect(safeRedirectTarget("/hledani?a=<script>&b=%zz")).toBe("/hledani?a=%3Cscript%3E&b=%25zz");
  });

  it.each([
    ["an unsafe path", "//evil.example?x=1"],
    ["an absolute URL", "https://evil.example/?x=1"],
    ["a dot in the path", "/evil.example?x=1"],
    ["a query but no path", "?x=1"],
    ["a backslash in the query", "/hledani?q=\\evil"],
    ["a hash", "/hledani?q=rum#top"],
    ["a space", "/hledani?q=a b"],
    ["a newline", "/hledani?q=a%0A\nb"],
    ["a tab", "/hledani?q=\t"],
    ["NUL", "/hledani?q=\u0000"],
    ["a C1 control", "/hledani?q=\u0085"],
    ["too long", `/hledani?q=${"a".repeat(2000)}`],
    ["not a string", 42],
  ])("refuses %s", (_label, value) => {
    expect(safeRedirectTarget(value)).toBeNull();
  });

  it("safeRedirect uses it: a query is kept, anything unsafe falls back", () => {
    expect(safeRedirect("/hledani?q=rum", "/ucet/prehled")).toBe("/hledani?q=rum");
    expect(safeRedirect("/hledani?q=\\x", "/ucet/prehled")).toBe("/ucet/prehled");
  });
});

describe("safeLocalPath (redirects built from the request's own path)", () => {
  it.each([
    ["//evil.example", "/evil.example"],
    ["///evil.example?x=1", "/evil.example?x=1"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example", "/evil.example"],
    ["/%2F%2Fevil.example", "/evil.example"],
    ["/%2f/evil.example", "/evil.example"],
    ["/%5Cevil.example", "/evil.example"],
    ["/%5c%5Cevil.example", "/evil.example"],
    ["/\t/evil.example", "/evil.example"],
    ["/%09/evil.example", "/evil.example"],
    ["/a//b\\c", "/a/b/c"],
    ["", "/"],
    ["/hledani?q=//x", "/hledani?q=//x"],
    ["/ucet/prehled", "/ucet/prehled"],
  ])("%s becomes %s", (value, expected) => {
    expect(safeLocalPath(value)).toBe(expected);
  });
});
