import { describe, expect, it } from "vitest";
import { parseCookieHeader, serializeCookie } from "./cookie-header.ts";

describe("cookie header", () => {
  it("parses names and decoded values, first occurrence winning", () => {
    expect(parseCookieHeader('a=1; cookies-show=hidden; b="q%20r"; a=2; broken; =x')).toEqual({
      a: "1",
      "cookies-show": "hidden",
      b: "q r",
    });
    expect(parseCookieHeader(undefined)).toEqual({});
  });

  it("serializes with path, max-age and flags", () => {
    expect(serializeCookie("locale", "en", { maxAgeSeconds: 31_536_000 })).toBe(
      "locale=en; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(serializeCookie("auth._token", "abc", { httpOnly: true, secure: true, maxAgeSeconds: 0 })).toBe(
      "auth._token=abc; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax",
    );
  });
});
