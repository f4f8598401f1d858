import { afterEach, describe, expect, it, vi } from "vitest";
import { writeBrowserCookie } from "#app/lib/browser-cookies.ts";
import { CLIENT_COOKIES } from "#app/lib/consent.ts";
import { storeCurrencyChoice } from "./currency-switcher.tsx";

/** A document whose cookie setter records what was written, on a page served over `protocol`. */
function fakeBrowser(protocol: "https:" | "http:") {
  const written: string[] = [];
  vi.stubGlobal("window", { location: { protocol } });
  vi.stubGlobal("document", {
    set cookie(value: string) {
      written.push(value);
    },
    get cookie() {
      return "";
    },
  });
  return written;
}

afterEach(() => vi.unstubAllGlobals());

describe("client cookies", () => {
  it("are Secure on https (production, where the session cookie is Secure too)", () => {
    const written = fakeBrowser("https:");
    writeBrowserCookie({ ...CLIENT_COOKIES.introPopup, value: "hidden" });
    expect(written).toEqual(["intro-popup=hidden; Path=/; Max-Age=1209600; Secure; SameSite=Lax"]);
  });

  it("the currency switcher's currencyId is one of them: a year, Secure on https", () => {
    const written = fakeBrowser("https:");
    storeCurrencyChoice(2);
    expect(written).toEqual(["currencyId=2; Path=/; Max-Age=31536000; Secure; SameSite=Lax"]);
  });

  it("are not Secure on plain http (local development could not store them otherwise)", () => {
    const written = fakeBrowser("http:");
    writeBrowserCookie({ ...CLIENT_COOKIES.currencyId, value: "1" });
    expect(written).toEqual(["currencyId=1; Path=/; Max-Age=31536000; SameSite=Lax"]);
  });
});
