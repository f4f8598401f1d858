import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Artifacts, Audit, type Config } from "lighthouse-pwa";
import { CHROMIUM_FULL, CHROMIUM_LAUNCH } from "../browser-setup.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Lighthouse's PWA audits on the home page (issue 39: "Lighthouse's PWA/installability audit passes
 * on the home page"; ADR 0110). Lighthouse 12 removed the PWA category, so this is Lighthouse 11.7.1
 * installed as `lighthouse-pwa` (the `lighthouse` of bench/lighthouse.ts stays the current one).
 *
 * The browser is Debian's Chromium, started by chrome-launcher on a profile of its own: a
 * Playwright context is incognito, where Chromium never installs an app, so its installability
 * check would always fail there for a reason that is not the site's. Nothing is downloaded.
 */

/**
 * Lighthouse 10 dropped its service-worker audit (Chromium stopped requiring one to install);
 * the site has one (its offline page), so this audit checks what that audit did: a registered
 * worker of the page's origin whose scope holds the page and the manifest's start_url.
 */
class ServiceWorkerAudit extends Audit {
  static get meta() {
    return {
      id: "rarita-service-worker",
      title: "Registers a service worker that controls the page and start_url",
      failureTitle: "Does not register a service worker that controls the page and start_url",
      description: "The worker serves the offline page (ADR 0110).",
      supportedModes: ["navigation" as const],
      requiredArtifacts: ["URL", "ServiceWorker", "WebAppManifest"] as Array<keyof Artifacts>,
    };
  }

  static audit(artifacts: Artifacts) {
    const page = new URL(artifacts.URL.finalDisplayedUrl);
    const startUrl = artifacts.WebAppManifest?.value?.start_url.value;
    const { versions, registrations } = artifacts.ServiceWorker;
    const live = new Set(
      versions
        .filter(
          (version) => version.status !== "redundant" && new URL(version.scriptURL).origin === page.origin,
        )
        .map((version) => version.registrationId),
    );
    const scopes = registrations
      .filter((registration) => !registration.isDeleted && live.has(registration.registrationId))
      .map((registration) => registration.scopeURL);
    const covers = (url: string | undefined) => !!url && scopes.some((scope) => url.startsWith(scope));
    const passed = covers(page.href) && covers(startUrl);
    return {
      score: passed ? 1 : 0,
      explanation: passed ? undefined : `Scopes ${JSON.stringify(scopes)}, start_url ${startUrl}`,
    };
  }
}

/** The PWA category's audits of Lighthouse 11: its "Installable" group and its "PWA Optimized" one. */
const PWA_AUDITS = [
  "installable-manifest",
  "splash-screen",
  "themed-omnibox",
  "content-width",
  "viewport",
  "maskable-icon",
];

test("Lighthouse 11's PWA audits pass on the home page, in each language", async ({ baseURL }) => {
  test.slow(); // two Lighthouse runs in a browser of their own
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_FULL,
    chromeFlags: ["--headless=new", ...CHROMIUM_LAUNCH.args],
  });
  try {
    const config: Config = {
      extends: "lighthouse:default",
      audits: [{ implementation: ServiceWorkerAudit }],
      settings: {
        onlyAudits: [...PWA_AUDITS, "rarita-service-worker"],
        // Only what these audits need: no throttling, no screenshots.
        throttlingMethod: "provided",
        disableFullPageScreenshot: true,
      },
    };
    for (const path of ["/", "/en"]) {
      const result = await lighthouse(
        new URL(path, baseURL).href,
        { port: chrome.port, output: "json", logLevel: "error" },
        config,
      );
      expect(result?.lhr.runtimeError).toBeUndefined();
      const audits = result!.lhr.audits;
      const scores = Object.fromEntries(
        [...PWA_AUDITS, "rarita-service-worker"].map((id) => [
          id,
          { score: audits[id]?.score, explanation: audits[id]?.explanation, details: audits[id]?.details },
        ]),
      );
      for (const id of Object.keys(scores))
        expect.soft(scores[id], `${path}: ${id}`).toMatchObject({ score: 1 });
      // Lighthouse's own summary: the "Installable" group of the PWA category passes.
      expect(result!.lhr.categories.pwa?.score).toBe(1);
    }
  } finally {
    await chrome.kill();
  }
});
