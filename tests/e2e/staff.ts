import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { TOTP } from "otpauth";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { submitLogin } from "../browser-setup.ts";

/** The TOTP of a demo staff account, as an authenticator app with the printed secret has it. */
export function demoTotp(email: string): TOTP {
  const staff = DEMO_STAFF.find((member) => member.email === email);
  if (!staff) throw new Error(`${email} is not a demo staff account (server/db/seed/staff-data.ts)`);
  return new TOTP({ secret: staff.totpSecret, digits: 6, period: 30, algorithm: "SHA1" });
}

/** The code of `totp` for the time step `offset` steps from now. */
export function totpCode(totp: TOTP, offset = 0): string {
  return totp.generate({ timestamp: Date.now() + offset * totp.period * 1000 });
}

/**
 * Signs a demo staff member in through the real login form and the second-factor page
 * (/admin/overeni), ending on `options.to` (default /admin).
 *
 * A code is accepted once per account (a replayed code is refused), and parallel tests sign the
 * same demo staff in: when the page says the code was already used, the next time step's code is
 * sent (the server accepts one step of clock drift either way), and failing that, the helper waits
 * for the step after.
 */
export async function signInStaff(page: Page, email: string, options: { to?: string } = {}): Promise<void> {
  const to = options.to ?? "/admin";
  const staff = DEMO_STAFF.find((member) => member.email === email);
  if (!staff) throw new Error(`${email} is not a demo staff account (server/db/seed/staff-data.ts)`);
  await page.goto(`/ucet?redirect=${encodeURIComponent(to)}`);
  await submitLogin(page, staff);
  await page.waitForURL(/\/admin\/overeni/);
  const totp = demoTotp(email);
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt >= 2) {
      // Both this step's and the next one's codes were taken: wait for the next step to begin.
      const wait = totp.period * 1000 - (Date.now() % (totp.period * 1000)) + 200;
      test.info().setTimeout(test.info().timeout + wait + 5_000);
      await page.waitForTimeout(wait);
    }
    const outcome = await submitSecondFactor(page, totpCode(totp, Math.min(attempt, 1)));
    if (outcome === "passed") {
      await expect(page).toHaveURL(to);
      return;
    }
    if (outcome !== "replayed") throw new Error(`the second factor of ${email} refused its code: ${outcome}`);
  }
  throw new Error(`the second factor of ${email} kept refusing its codes`);
}

/**
 * Sends a code on the second-factor page (/admin/overeni) and waits for the server's answer:
 * "passed", or why it was refused ("invalid", "replayed", "locked"). It reads the answer itself,
 * not the page, so a message left from the previous attempt is never taken for the new one.
 */
export async function submitSecondFactor(page: Page, code: string): Promise<string> {
  const form = page.getByTestId("second-factor-form");
  await form.locator('input[name="code"]').fill(code);
  const [response] = await Promise.all([
    page.waitForResponse(
      (each) => each.request().method() === "POST" && /\/admin\/overeni/.test(new URL(each.url()).pathname),
    ),
    form.locator('button[type="submit"]').click(),
  ]);
  if (response.status() < 400) {
    await page.waitForURL((url) => !url.pathname.includes("/admin/overeni"));
    return "passed";
  }
  const body = await response.text();
  // A script-driven submission answers React Router's data (the reason as a string), a plain
  // form post the page (the reason in the form's attribute).
  const data = new URL(response.url()).pathname.endsWith(".data");
  for (const reason of ["replayed", "locked", "invalid", "none"])
    if (body.includes(data ? `"${reason}"` : `data-second-factor-error="${reason}"`)) return reason;
  return `unknown (${response.status()})`;
}

/**
 * A Bearer token of a demo staff member whose session passed the second factor (POST
 * /api/auth/login, then POST /api/auth/second-factor), for tests that set things up through the
 * admin API. Handles a code another test already used like signInStaff.
 */
export async function staffApiToken(request: APIRequestContext, email: string): Promise<string> {
  const staff = DEMO_STAFF.find((member) => member.email === email);
  if (!staff) throw new Error(`${email} is not a demo staff account (server/db/seed/staff-data.ts)`);
  const login = await request.post("/api/auth/login", { data: { email, password: staff.password } });
  expect(login.status(), `login of ${email}`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const totp = demoTotp(email);
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt >= 2) {
      const wait = totp.period * 1000 - (Date.now() % (totp.period * 1000)) + 200;
      test.info().setTimeout(test.info().timeout + wait + 5_000);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const passed = await request.post("/api/auth/second-factor", {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: totpCode(totp, Math.min(attempt, 1)) },
    });
    if (passed.status() === 200) return token;
    const body = (await passed.json()) as { reason?: string };
    if (body.reason !== "replayed")
      throw new Error(`the second factor of ${email}: ${passed.status()} ${JSON.stringify(body)}`);
  }
  throw new Error(`the second factor of ${email} kept refusing its codes`);
}
