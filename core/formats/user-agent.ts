/** What the sessions list shows of a User-Agent header: roughly which browser on which system. */
export type DeviceSummary = {
  /** "Chrome", "Firefox"...; for a non-browser client its product name ("curl"); null when unknown. */
  browser: string | null;
  /** "Windows", "Android", "iOS", "macOS"...; null when unknown. */
  os: string | null;
  kind: "mobile" | "tablet" | "desktop";
};

/** Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bYaBrowser\//, "Yandex"],
  [/\bChromium\//, "Chromium"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad).*AppleWebKit(?!.*Safari)/, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows (?:NT|Phone)\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A rough reading of a User-Agent header, enough for a person to recognise their own devices in
 * the list of sessions ("Firefox, Windows"). User agents lie and change; nothing depends on this
 * beyond the label.
 */
export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = (userAgent ?? "").slice(0, 500);
  const browser =
    BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ??
    // A non-browser client names itself first: "curl/8.5.0", "okhttp/4.12".
    (ua && !ua.startsWith("Mozilla/") ? (ua.match(/^([\w.-]{1,30})\//)?.[1] ?? null) : null);
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const kind =
    /\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))
      ? "tablet"
      : /\bMobi|\biPhone\b|\biPod\b/.test(ua)
        ? "mobile"
        : "desktop";
  return { browser, os, kind };
}
