/**
 * Screenshots of "Podezřelé přihazování" (not part of the test suite): the moderators' list of
 * shill-bidding signals and a signal's detail, at 375, 768 and 1280 px, in Czech and English. Run
 * against a running server with the demo data (its seeded shill patterns):
 *
 *   SCREENS_URL=http://localhost:3810 node tests/screens/shill-signals.screens.ts
 *
 * It signs the demo moderator in once through the API (password and second factor) and runs the
 * check. PNGs go to /tmp/screens/shill-<page>-<lang>-<width>.png.
 */
import fs from "node:fs";
import { TOTP } from "otpauth";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3810";
const OUT = "/tmp/screens";
const staff = DEMO_STAFF.find((member) => member.email === "moderator@rarita.test")!;

async function moderatorToken(): Promise<string> {
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const totp = new TOTP({ secret: staff.totpSecret, digits: 6, period: 30, algorithm: "SHA1" });
  for (let attempt = 0; attempt < 3; attempt++) {
    const passed = await fetch(`${BASE}/api/auth/second-factor`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ code: totp.generate({ timestamp: Date.now() + attempt * 30_000 }) }),
    });
    if (passed.status === 200) return token;
  }
  throw new Error("the moderator's second factor was refused");
}

fs.mkdirSync(OUT, { recursive: true });
const token = await moderatorToken();
const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    await context.addCookies([{ name: "auth._token", value: token, url: BASE, httpOnly: true }]);
    const page = await context.newPage();
    for (const [lang, list] of [
      ["cs", "/admin/moderace/podezrele-prihazovani"],
      ["en", "/en/admin/moderation/shill-bidding"],
    ] as const) {
      await page.goto(`${BASE}${list}`);
      if (width === 375 && lang === "cs") {
        await page.getByRole("button", { name: "Zkontrolovat teď" }).click();
        await page.getByRole("status").waitFor();
      }
      await page.screenshot({ path: `${OUT}/shill-list-${lang}-${width}.png`, fullPage: true });
      const first = page.getByTestId("shill-signal").filter({ has: page.locator('[data-status="new"]') });
      const signal = page.getByTestId("shill-signal").first();
      await ((await first.count()) ? first.first() : signal).getByRole("link").first().click();
      await page.getByTestId("admin-shill-signal").waitFor();
      await page.screenshot({ path: `${OUT}/shill-detail-${lang}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
