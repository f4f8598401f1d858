/**
 * Cookie consent (docs/product/screens.md, "Client state"; docs/product/visitor-basics.md, "Cookie
 * consent") and the other client cookies' names and lifetimes. The functions return what to store;
 * writing the cookies (document.cookie or Set-Cookie) and pushing the consent state to the tag
 * manager are the caller's job.
 *
 * Decisions:
 * - An accepted category is stored as the value "true"; only that exact value counts as consent
 *   (anything else, or no cookie, is "denied": under GDPR consent is never assumed).
 * - "Accept selected" also deletes (max age 0) the categories left off, so a visitor who accepted
 *   everything earlier and later narrows the choice really withdraws the consent.
 * - "1 year" is 365 days (31 536 000 s), the same as the locale cookie.
 */

const DAY_SECONDS = 24 * 60 * 60;
const YEAR_SECONDS = 365 * DAY_SECONDS;

/** Consent cookie names. Technical cookies cannot be refused; the other three are optional. */
export const CONSENT_COOKIES = {
  show: "cookies-show",
  technical: "accept-technical",
  analytical: "accept-analytical",
  marketing: "accept-marketing",
  advertisement: "accept-advertisement",
} as const;

export const CONSENT_MAX_AGE_SECONDS = YEAR_SECONDS;
/** The value of an accepted category's cookie. */
export const CONSENT_ACCEPTED = "true";
/** The value of cookies-show (and of intro-popup and top-banner) once the visitor has dismissed it. */
export const HIDDEN = "hidden";

/**
 * The other client cookies with their lifetimes (docs/product/screens.md, "Client state").
 * currencyId keeps the visitor's choice for a year, like the locale.
 */
export const CLIENT_COOKIES = {
  introPopup: { name: "intro-popup", maxAgeSeconds: 14 * DAY_SECONDS },
  topBanner: { name: "top-banner", maxAgeSeconds: DAY_SECONDS },
  locale: { name: "locale", maxAgeSeconds: 365 * DAY_SECONDS },
  guestWishlist: { name: "guest-wishlist", maxAgeSeconds: 1_209_600 },
  currencyId: { name: "currencyId", maxAgeSeconds: YEAR_SECONDS },
} as const;

export type ConsentChoices = { analytical: boolean; marketing: boolean; advertisement: boolean };
export type ConsentCookie = { name: string; value: string; maxAgeSeconds: number };
export type ConsentValue = "granted" | "denied";
/** Google consent mode v2 types. */
export type ConsentState = {
  analytics_storage: ConsentValue;
  ad_storage: ConsentValue;
  personalization_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  functionality_storage: ConsentValue;
  security_storage: ConsentValue;
};
export type CookieValues = Readonly<Record<string, string | undefined>>;

const OPTIONAL = ["analytical", "marketing", "advertisement"] as const;

function stored(name: string): ConsentCookie {
  return { name, value: CONSENT_ACCEPTED, maxAgeSeconds: CONSENT_MAX_AGE_SECONDS };
}

function deleted(name: string): ConsentCookie {
  return { name, value: "", maxAgeSeconds: 0 };
}

function hideBar(): ConsentCookie {
  return { name: CONSENT_COOKIES.show, value: HIDDEN, maxAgeSeconds: CONSENT_MAX_AGE_SECONDS };
}

/** "Accept all": all four accept-* cookies, and the bar hidden. */
export function acceptAll(): ConsentCookie[] {
  return acceptSelected({ analytical: true, marketing: true, advertisement: true });
}

/**
 * "Accept selected": technical always, each optional category only when toggled on (the others are
 * deleted, see the module comment), and the bar hidden.
 */
export function acceptSelected(choices: ConsentChoices): ConsentCookie[] {
  return [
    hideBar(),
    stored(CONSENT_COOKIES.technical),
    ...OPTIONAL.map((category) =>
      choices[category] === true ? stored(CONSENT_COOKIES[category]) : deleted(CONSENT_COOKIES[category]),
    ),
  ];
}

/** The bar shows unless cookies-show equals "hidden" (exactly). */
export function shouldShowBar(cookies: CookieValues): boolean {
  return cookies[CONSENT_COOKIES.show] !== HIDDEN;
}

/** The optional categories the stored cookies accept (also the cookie bar's initial toggles). */
export function readConsentChoices(cookies: CookieValues): ConsentChoices {
  return {
    analytical: cookies[CONSENT_COOKIES.analytical] === CONSENT_ACCEPTED,
    marketing: cookies[CONSENT_COOKIES.marketing] === CONSENT_ACCEPTED,
    advertisement: cookies[CONSENT_COOKIES.advertisement] === CONSENT_ACCEPTED,
  };
}

/**
 * Consent mode state for a choice: analytics follows analytical; ad storage and personalization
 * storage follow marketing; ad user data and ad personalization follow advertisement; functionality
 * and security storage are technical, hence always granted. Used for the update after a choice.
 */
export function consentState(choices: ConsentChoices): ConsentState {
  const value = (on: boolean): ConsentValue => (on ? "granted" : "denied");
  return {
    analytics_storage: value(choices.analytical),
    ad_storage: value(choices.marketing),
    personalization_storage: value(choices.marketing),
    ad_user_data: value(choices.advertisement),
    ad_personalization: value(choices.advertisement),
    functionality_storage: "granted",
    security_storage: "granted",
  };
}

/** Consent mode defaults on load, from the stored cookies (docs/product/screens.md, "Client state"). */
export function consentDefaults(cookies: CookieValues): ConsentState {
  return consentState(readConsentChoices(cookies));
}
