import { describe, expect, it } from "vitest";
import { summarizeUserAgent } from "./user-agent.ts";

describe("summarizeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      { browser: "Chrome", os: "Windows", kind: "desktop" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      { browser: "Edge", os: "Windows", kind: "desktop" },
    ],
    [
      "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
      { browser: "Firefox", os: "Linux", kind: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari", os: "iOS", kind: "mobile" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      { browser: "Safari", os: "macOS", kind: "desktop" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      { browser: "Samsung Internet", os: "Android", kind: "mobile" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36",
      { browser: "Chrome", os: "Android", kind: "tablet" },
    ],
    ["curl/8.5.0", { browser: "curl", os: null, kind: "desktop" }],
    [null, { browser: null, os: null, kind: "desktop" }],
  ])("reads %s", (ua, expected) => {
    expect(summarizeUserAgent(ua)).toEqual(expected);
  });
});
