import { describe, expect, it } from "vitest";
import {
  acceptAll,
  acceptSelected,
  CLIENT_COOKIES,
  CONSENT_COOKIES,
  CONSENT_MAX_AGE_SECONDS,
  consentDefaults,
  consentState,
  readConsentChoices,
  shouldShowBar,
} from "./consent.ts";

const YEAR = 31_536_000;

describe("consent cookies", () => {
  it("names the cookies as documented", () => {
    expect(CONSENT_COOKIES).toEqual({
      show: "cookies-show",
      technical: "accept-technical",
      analytical: "accept-analytical",
      marketing: "accept-marketing",
      advertisement: "accept-advertisement",
    });
    expect(CONSENT_MAX_AGE_SECONDS).toBe(YEAR);
  });

  it("accept all stores all four accept-* cookies for a year and hides the bar", () => {
    expect(acceptAll()).toEqual([
      { name: "cookies-show", value: "hidden", maxAgeSeconds: YEAR },
      { name: "accept-technical", value: "true", maxAgeSeconds: YEAR },
      { name: "accept-analytical", value: "true", maxAgeSeconds: YEAR },
      { name: "accept-marketing", value: "true", maxAgeSeconds: YEAR },
      { name: "accept-advertisement", value: "true", maxAgeSeconds: YEAR },
    ]);
  });

  it("accept selected always stores technical and deletes the categories left off", () => {
    expect(acceptSelected({ analytical: false, marketing: false, advertisement: false })).toEqual([
      { name: "cookies-show", value: "hidden", maxAgeSeconds: YEAR },
      { name: "accept-technical", value: "true", maxAgeSeconds: YEAR },
      { name: "accept-analytical", value: "", maxAgeSeconds: 0 },
      { name: "accept-marketing", value: "", maxAgeSeconds: 0 },
      { name: "accept-advertisement", value: "", maxAgeSeconds: 0 },
    ]);
  });

  it("accept selected stores exactly the toggled categories", () => {
    const cookies = acceptSelected({ analytical: true, marketing: false, advertisement: true });
    const kept = cookies.filter((cookie) => cookie.maxAgeSeconds > 0).map((cookie) => cookie.name);
    expect(kept).toEqual(["cookies-show", "accept-technical", "accept-analytical", "accept-advertisement"]);
    expect(cookies.find((cookie) => cookie.name === "accept-marketing")).toEqual({
      name: "accept-marketing",
      value: "",
      maxAgeSeconds: 0,
    });
  });
});

describe("shouldShowBar", () => {
  it("shows unless cookies-show equals hidden", () => {
    expect(shouldShowBar({})).toBe(true);
    expect(shouldShowBar({ "cookies-show": "hidden" })).toBe(false);
    expect(shouldShowBar({ "cookies-show": "shown" })).toBe(true);
    expect(shouldShowBar({ "cookies-show": "Hidden" })).toBe(true);
    expect(shouldShowBar({ "cookies-show": "" })).toBe(true);
    expect(shouldShowBar({ "accept-technical": "true" })).toBe(true);
  });

  it("is hidden after either choice", () => {
    const storedAfter = (list: { name: string; value: string }[]) =>
      Object.fromEntries(list.map((cookie) => [cookie.name, cookie.value]));
    expect(shouldShowBar(storedAfter(acceptAll()))).toBe(false);
    expect(
      shouldShowBar(
        storedAfter(acceptSelected({ analytical: false, marketing: false, advertisement: false })),
      ),
    ).toBe(false);
  });
});

describe("consent mode", () => {
  it("denies everything optional when nothing is stored", () => {
    expect(consentDefaults({})).toEqual({
      analytics_storage: "denied",
      ad_storage: "denied",
      personalization_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      functionality_storage: "granted",
      security_storage: "granted",
    });
  });

  it("grants everything after accept all", () => {
    const cookies = Object.fromEntries(acceptAll().map((cookie) => [cookie.name, cookie.value]));
    expect(Object.values(consentDefaults(cookies))).toEqual(Array(7).fill("granted"));
  });

  it("maps analytical to analytics storage only", () => {
    expect(consentDefaults({ "accept-analytical": "true" })).toEqual({
      analytics_storage: "granted",
      ad_storage: "denied",
      personalization_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      functionality_storage: "granted",
      security_storage: "granted",
    });
  });

  it("maps marketing to ad storage and personalization storage", () => {
    expect(consentDefaults({ "accept-marketing": "true" })).toEqual({
      analytics_storage: "denied",
      ad_storage: "granted",
      personalization_storage: "granted",
      ad_user_data: "denied",
      ad_personalization: "denied",
      functionality_storage: "granted",
      security_storage: "granted",
    });
  });

  it("maps advertisement to ad user data and ad personalization", () => {
    expect(consentDefaults({ "accept-advertisement": "true" })).toEqual({
      analytics_storage: "denied",
      ad_storage: "denied",
      personalization_storage: "denied",
      ad_user_data: "granted",
      ad_personalization: "granted",
      functionality_storage: "granted",
      security_storage: "granted",
    });
  });

  it("counts only the exact value true as consent", () => {
    expect(
      readConsentChoices({
        "accept-analytical": "1",
        "accept-marketing": "TRUE",
        "accept-advertisement": "",
      }),
    ).toEqual({ analytical: false, marketing: false, advertisement: false });
  });

  it("gives the update state for a choice", () => {
    expect(consentState({ analytical: false, marketing: true, advertisement: false })).toEqual(
      consentDefaults({ "accept-marketing": "true" }),
    );
  });
});

describe("CLIENT_COOKIES", () => {
  it("holds the documented lifetimes", () => {
    expect(CLIENT_COOKIES).toEqual({
      introPopup: { name: "intro-popup", maxAgeSeconds: 1_209_600 },
      topBanner: { name: "top-banner", maxAgeSeconds: 86_400 },
      locale: { name: "locale", maxAgeSeconds: 31_536_000 },
      guestWishlist: { name: "guest-wishlist", maxAgeSeconds: 1_209_600 },
      currencyId: { name: "currencyId", maxAgeSeconds: 31_536_000 },
    });
  });
});
